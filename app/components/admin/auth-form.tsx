import type { LucideIcon } from "lucide-react";
import { useEffect } from "react";
import type * as React from "react";
import { useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toast";
import { useHydrated } from "./use-hydrated";

/**
 * The pieces the pages under /auth share (sign in, password, email
 * confirmation): a card in a narrow column, its submit button, and the state
 * of a form posting to the page's own action.
 */

/** The page's card: its heading (the page's h1) and description; `children` are the card's content and footer. */
export function AuthCard({ title, description, children }: { title: React.ReactNode; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold text-brand-navy">{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children}
      </Card>
    </div>
  );
}

/** The form's full-width submit button; it reads "Loading..." while the form is posting. */
export function AuthSubmitButton({ busy, icon: Icon, children }: { busy: boolean; icon?: LucideIcon; children: React.ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="w-full">
      {Icon && <Icon aria-hidden="true" />}
      {busy ? "Loading..." : children}
    </Button>
  );
}

interface AuthFormAnswer {
  error?: { title: string; text: string } | null;
  fieldErrors?: Partial<Record<string, string>>;
}

/**
 * A form posting to its page's action: `busy` while it posts, the answer's
 * field errors, and its error as a toast (once hydrated; before that,
 * `hydrated` is false and the page shows the error itself).
 */
export function useAuthForm(actionData: AuthFormAnswer | undefined) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const fieldErrors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};

  useEffect(() => {
    if (actionData?.error) toast.error(actionData.error.title, { description: actionData.error.text });
  }, [actionData]);

  return { hydrated, busy, fieldErrors };
}
