/** The only source of "now" for domain rules; tests inject a controllable one. */
export type Clock = () => Date;

export const SECOND_MS = 1000;
export const DAY_MS = 24 * 60 * 60 * SECOND_MS;
