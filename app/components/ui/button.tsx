import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * Button styles, exported so links can look like buttons without the Button
 * component: `<Link className={buttonVariants({ variant: "brand" })}>`. The
 * utilities behind each class are written once, in app/styles/app.css
 * (`.btn`, `.btn-<variant>`, `.btn-<size>`).
 */
export const buttonVariants = cva("btn", {
  variants: {
    variant: {
      default: "btn-default",
      destructive: "btn-destructive",
      outline: "btn-outline",
      secondary: "btn-secondary",
      ghost: "btn-ghost",
      link: "btn-link",
      /** The red call to action of the public site ("Schedule Inspection"). */
      brand: "btn-brand",
    },
    size: {
      default: "btn-md",
      sm: "btn-sm",
      lg: "btn-lg",
      icon: "btn-icon",
    },
  },
  defaultVariants: {
    variant: "default",
    size: "default",
  },
});

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a `<Link>`) with the button's props and styles. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  // A large Button has always had base-size text; a link styled with buttonVariants({ size: "lg" }) had the
  // base's text-sm (both classes, and text-sm came later in the stylesheet). Kept as each looked.
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size }), size === "lg" && "text-base", className)} {...props} />;
}
