import { STEEPNESS_PITCH } from "~/domain/estimate/roof-model";
import type { Steepness } from "~/domain/estimate/inputs";

/**
 * A house drawn with a low, medium or steep roof: the picture of a steepness choice. Decorative (the
 * choice's label says it in words), drawn inline so the static page needs no image request. The roof's
 * rise follows the pitch the estimate prices it at (roof-model.ts): 4, 7 or 10 inches per foot.
 */
export function SteepnessPicture({ steepness, className }: { steepness: Steepness; className?: string }) {
  const halfSpan = 48;
  const eaveY = 58;
  const rise = (halfSpan * STEEPNESS_PITCH[steepness]) / 12;
  const apexY = eaveY - rise;
  return (
    <svg viewBox="0 0 120 90" aria-hidden="true" focusable="false" className={className}>
      {/* Walls, door and window. */}
      <rect x="22" y={eaveY} width="76" height="28" fill="#f8f5ef" stroke="#1e3a5f" strokeWidth="2" />
      <rect x="53" y={eaveY + 12} width="14" height="16" fill="#1e3a5f" />
      <rect x="30" y={eaveY + 8} width="14" height="10" fill="#cbd5e1" stroke="#1e3a5f" strokeWidth="1.5" />
      <rect x="76" y={eaveY + 8} width="14" height="10" fill="#cbd5e1" stroke="#1e3a5f" strokeWidth="1.5" />
      {/* The roof, with its overhang past the walls. */}
      <polygon points={`${60 - halfSpan - 4},${eaveY} 60,${apexY} ${60 + halfSpan + 4},${eaveY}`} fill="#b91c1c" stroke="#7f1d1d" strokeWidth="2" strokeLinejoin="round" />
      {/* Ground. */}
      <line x1="6" y1={eaveY + 29} x2="114" y2={eaveY + 29} stroke="#64748b" strokeWidth="2" />
    </svg>
  );
}
