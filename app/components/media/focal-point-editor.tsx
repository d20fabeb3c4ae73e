import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CustomFieldProps } from "~/components/admin/admin-form";

/**
 * The focal point of an image (the part kept in view when a page crops it):
 * click the preview, or type the two percentages. The posted value is
 * "x,y" (percent of width and height), parsed by the action's schema.
 */
function parseFocalPoint(value: string): { x: number; y: number } {
  const [x, y] = value.split(",").map((part) => Number(part));
  const clamp = (n: number | undefined) => (Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n!))) : 50);
  return { x: clamp(x), y: clamp(y) };
}

export function FocalPointEditor({ id, value, onChange, imageUrl, imageAlt }: CustomFieldProps & { imageUrl: string | null; imageAlt: string }) {
  const point = parseFocalPoint(value);
  const set = (x: number, y: number) => onChange(`${Math.round(x)},${Math.round(y)}`);
  const raw = value.split(",");
  return (
    <div className="grid gap-3">
      {imageUrl && (
        <div
          className="relative cursor-crosshair overflow-hidden rounded-md border bg-slate-100"
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            set(((event.clientX - box.left) / box.width) * 100, ((event.clientY - box.top) / box.height) * 100);
          }}
        >
          <img src={imageUrl} alt={imageAlt} className="block max-h-64 w-full object-contain" draggable={false} />
          <span
            aria-hidden="true"
            data-focal-marker=""
            className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-red/70 shadow ring-2 ring-brand-navy"
            style={{ left: `${point.x}%`, top: `${point.y}%` }}
          />
        </div>
      )}
      <p className="text-xs text-muted-foreground">Click the image where its subject is, or type the position.</p>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={id}>Horizontal position (%)</Label>
          <Input id={id} inputMode="numeric" value={raw[0] ?? ""} onChange={(event) => onChange(`${event.currentTarget.value},${raw[1] ?? ""}`)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-y`}>Vertical position (%)</Label>
          <Input id={`${id}-y`} inputMode="numeric" value={raw[1] ?? ""} onChange={(event) => onChange(`${raw[0] ?? ""},${event.currentTarget.value}`)} />
        </div>
      </div>
    </div>
  );
}
