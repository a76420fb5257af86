/** Largest id of an `integer` column. */
export const MAX_ID = 2_147_483_647;
