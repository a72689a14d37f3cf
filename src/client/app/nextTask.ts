/**
 * A task boundary: the browser paints and answers input between two pieces of start-up work, so
 * neither adds to the other's long task (ADR 0030, 0031).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
