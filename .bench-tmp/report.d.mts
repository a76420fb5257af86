export type Goal = { op: '<' | '<=' | '>=' | '=='; value: number };
export type Figure = { label: string; value: number; unit: string; baseline?: number; goal?: Goal };
export function report(script: string, figures: Figure[]): void;
export function meets(value: number, goal?: Goal): boolean | undefined;
