/** Longest comment a rider may leave with a rating (no zod here: the rating form imports it). */
export const COMMENT_MAX = 1000;
