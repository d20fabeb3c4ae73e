/** Whether `error` (pg's, or drizzle's wrapping it) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const { code, constraint: name, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === "23505") return name === constraint;
    current = cause;
  }
  return false;
}
