import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * The app's toast container (sonner), styled with the theme colours.
 * Mounted once by app/root.tsx; raise toasts with `toast` from
 * `~/components/ui/toast`.
 */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      richColors
      closeButton
      className="toaster group"
      toastOptions={{ classNames: { toast: "font-sans", description: "text-sm" } }}
      style={
        {
          "--normal-bg": "var(--color-popover)",
          "--normal-text": "var(--color-popover-foreground)",
          "--normal-border": "var(--color-border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export default Toaster;
