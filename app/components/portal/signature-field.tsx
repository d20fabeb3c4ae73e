import { useEffect, useRef, useState } from "react";
import type SignaturePad from "signature_pad";
import { Button } from "~/components/ui/button";

/**
 * The drawn signature (issue 30 item 5): a canvas driven by signature_pad, loaded in the browser only.
 * Drawing is optional: the typed full name is the signature for someone who cannot draw or uses a
 * keyboard. The drawing is posted as a PNG data URL in the hidden `signature` field.
 */
export function SignatureField({ disabled }: { disabled?: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [value, setValue] = useState("");

  useEffect(() => {
    let cancelled = false;
    const element = canvas.current;
    if (!element) return;
    void import("signature_pad").then(({ default: Pad }) => {
      if (cancelled) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext("2d")?.scale(ratio, ratio);
      const instance = new Pad(element, { penColor: "#0f172a", backgroundColor: "rgba(0,0,0,0)" });
      instance.addEventListener("endStroke", () => setValue(instance.isEmpty() ? "" : instance.toDataURL("image/png")));
      pad.current = instance;
    });
    return () => {
      cancelled = true;
      pad.current?.off();
      pad.current = null;
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    setValue("");
  };

  return (
    <div className="grid gap-2">
      <span id="signature-label" className="text-sm font-medium text-slate-800">
        Draw your signature (optional)
      </span>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-hint"
        data-signature-pad
        className="h-40 w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
      />
      <p id="signature-hint" className="text-xs text-slate-600">
        Draw with a finger, pen or mouse. Your typed name signs on its own if you prefer not to draw.
      </p>
      <input type="hidden" name="signature" value={value} />
      <div>
        <Button type="button" variant="outline" size="sm" onClick={clear} disabled={disabled || value === ""}>
          Clear signature
        </Button>
      </div>
    </div>
  );
}
