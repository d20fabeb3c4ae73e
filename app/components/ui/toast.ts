import { toast } from "sonner";
import { requestToaster } from "./toaster-mount";

/**
 * Raise a toast: `toast.success("Request Submitted!", { description: "..." })`,
 * `toast.error("Missing Information", { description: "..." })`.
 *
 * Always import `toast` from here, never from "sonner" directly: importing
 * this module is what tells app/root.tsx to mount the <Toaster />.
 */
requestToaster();

export { toast };
