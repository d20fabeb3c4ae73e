/** The roof-and-star mark beside the business name (decorative: the name is the text). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
      <rect width="40" height="40" rx="8" fill="#f8f5ee" />
      <path
        d="M6.5 20.5 20 9l13.5 11.5"
        fill="none"
        stroke="#1e3a5f"
        strokeWidth="3.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M11 19.5V32h18V19.5" fill="none" stroke="#1e3a5f" strokeWidth="2.6" strokeLinejoin="round" />
      <path
        d="M20 21.3 21.29 24.72 24.95 24.89 22.09 27.18 23.06 30.71 20 28.7 16.94 30.71 17.91 27.18 15.05 24.89 18.71 24.72Z"
        fill="#b91c1c"
      />
    </svg>
  );
}
