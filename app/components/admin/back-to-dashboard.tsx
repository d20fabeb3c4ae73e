import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** The "Back to Dashboard" link of every admin screen (spec 1 §2). */
export function BackToDashboard() {
  return (
    <Link to="/admin" className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-3" })}>
      <ArrowLeft aria-hidden="true" />
      Back to Dashboard
    </Link>
  );
}
