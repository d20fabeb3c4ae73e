import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { useApp } from "../support/app-server";
import { TestSmtpServer } from "../support/smtp";
import { expectNoAxeViolations, useBrowser } from "../support/browser";

/**
 * Accounts in Chromium against the production server (fresh database, no
 * settings but ADMIN_EMAIL):
 *
 *   first start -> one-time password in DATA_DIR -> the super admin signs in
 *   and chooses a password -> a visitor creates an account ("Account
 *   Created"), confirms the email, signs in -> "Account Pending" -> the super
 *   admin approves it and assigns admin -> the user signs in, reaches /admin,
 *   sees the Admin link -> Sign Out, and the old cookie is refused.
 *
 * Each person is a browser context with their own address, reported by a
 * trusted proxy (TRUST_PROXY=127.0.0.1 + X-Forwarded-For), as behind a real
 * reverse proxy: rate limits are per client.
 */

// Sign-ins hash with scrypt N=2^17 and the machine may be shared: generous limits, no fixed sleeps.
vi.setConfig({ testTimeout: 180_000 });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "accounts-e2e-"));
const ADMIN_EMAIL = "owner@buckeye-roofing.test";
// A real mail server: the outbox keeps no link once it is sent (ADR 046), so links are read where they arrive.
const smtp = new TestSmtpServer();
await smtp.start(0);
afterAll(() => smtp.stop());
const app = useApp({ env: { ADMIN_EMAIL, DATA_DIR: dataDir, TRUST_PROXY: "127.0.0.1", SMTP_URL: smtp.url, JOBS_ENABLED: "true" } });
const browser = useBrowser();

const contexts: BrowserContext[] = [];
async function person(ip: string, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser().newContext({ baseURL: app().url, extraHTTPHeaders: { "X-Forwarded-For": ip }, ...options });
  context.setDefaultTimeout(45_000);
  context.setDefaultNavigationTimeout(60_000);
  contexts.push(context);
  return context.newPage();
}

/** Waits until the (first) element is visible. */
async function visible(locator: Locator) {
  await locator.first().waitFor({ state: "visible" });
}

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** React has hydrated the page (event handlers work from now on). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

async function goto(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: "domcontentloaded" });
  expect(response?.status(), `GET ${url}`).toBeLessThan(500);
  await hydrated(page);
}

/** The newest link to `pathname` the app mailed to `to` (read from the real SMTP server, as a mail program would). */
async function mailedLink(to: string, pathname: string): Promise<string> {
  let link: string | undefined;
  await expect.poll(() => (link = smtp.linkTo(to, pathname)), { timeout: 30_000, message: `no ${pathname} link to ${to}` }).toBeTruthy();
  return link!;
}

async function signIn(page: Page, email: string, password: string) {
  await goto(page, "/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

const USER = { first: "Jordan", last: "Rivers", email: "jordan.rivers@example.test", password: "Shingle-Ridge-Gable-4417" };
const ADMIN_PASSWORD = "Flashing-Valley-Eave-2290";

describe("accounts in the browser", () => {
  let admin: Page;
  let user: Page;

  beforeAll(async () => {
    admin = await person("203.0.113.10");
    user = await person("203.0.113.20");
  });

  test("the first super admin signs in with the one-time password from DATA_DIR and must choose a new one", async () => {
    const file = path.join(dataDir, "first-admin-password.txt");
    const oneTime = /password: (\S+)/.exec(fs.readFileSync(file, "utf8"))?.[1];
    expect(oneTime).toBeTruthy();
    // Printed once in the log, never with a default value.
    expect(app().logs()).toContain(`one-time password:  ${oneTime}`);

    await signIn(admin, ADMIN_EMAIL, oneTime!);
    await admin.waitForURL("**/auth/change-password");
    expect(fs.existsSync(file)).toBe(false);
    await visible(admin.getByRole("heading", { name: "Choose your password" }));
    await admin.getByLabel("One-time password").fill(oneTime!);
    await admin.getByLabel("New password", { exact: true }).fill(ADMIN_PASSWORD);
    await admin.getByLabel("Confirm new password").fill(ADMIN_PASSWORD);
    await admin.getByRole("button", { name: "Save password" }).click();
    await admin.waitForURL((url) => url.pathname === "/admin");
    await expect.poll(() => admin.getByRole("heading", { level: 1 }).textContent(), { timeout: 30_000 }).toBe("Welcome, Site Administrator");
    await visible(admin.getByRole("link", { name: "Open User Management" }));
  });

  test("a visitor creates an account: Loading..., then Account Created", async () => {
    await goto(user, "/auth");
    await visible(user.getByRole("heading", { name: "Sign In" }));
    await user.getByRole("link", { name: "Don't have an account? Create one" }).click();
    await visible(user.getByRole("heading", { name: "Create Account" }));
    await user.getByLabel("First name").fill(USER.first);
    await user.getByLabel("Last name").fill(USER.last);
    await user.getByLabel("Email").fill(USER.email);
    await user.getByLabel("Password").fill(USER.password);

    // Hold the submission a moment to see the working state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await user.route("**/auth.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.fallback();
    });
    await user.getByRole("button", { name: "Create Account" }).click();
    const loading = user.getByRole("button", { name: "Loading..." });
    await visible(loading);
    expect(await loading.isDisabled()).toBe(true);
    release();

    await visible(user.getByText("Account Created"));
    await visible(user.getByText("Please check your email to verify your account. Your account is pending approval."));
    await visible(user.getByRole("heading", { name: "Sign In" }));
  });

  test("before the address is confirmed, the right password signs nobody in", async () => {
    await signIn(user, USER.email, USER.password);
    await visible(user.getByText("Please confirm your email address first. We have emailed you a new link: open it to choose your password and sign in."));
    expect(await user.context().cookies()).not.toContainEqual(expect.objectContaining({ name: "__Host-roofing.session_token" }));
  });

  test("the confirmation link asks for the password, confirms the address and signs in to Account Pending (ADR 046)", async () => {
    // Two links were mailed (at sign-up, and by the early sign-in, which ended the first): the newest works.
    await expect.poll(() => smtp.to(USER.email).length, { timeout: 30_000 }).toBe(2);
    const link = await mailedLink(USER.email, "/auth/verify-email");
    await goto(user, link);
    await visible(user.getByRole("heading", { name: "Confirm your email address" }));
    await user.getByLabel("Password", { exact: true }).fill(USER.password);
    await user.getByLabel("Confirm password").fill(USER.password);
    await user.getByRole("button", { name: "Confirm and sign in" }).click();
    await visible(user.getByRole("heading", { name: "Account Pending" }));
    await user.getByRole("button", { name: "Sign out" }).click();
    await user.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("notice") === "signed-out");
  });

  test("wrong password: Sign In Error with the service's message", async () => {
    await signIn(user, USER.email, "Not-The-Right-One-000");
    await visible(user.getByText("Sign In Error"));
    await visible(user.getByText("Invalid email or password"));
  });

  test("signing in while pending shows Account Pending with Return to Home; no Admin link", async () => {
    // From another address: this one has used its 3 sign-ins per 10 s (the confirmation signed in too).
    const pending = await person("203.0.113.21");
    await signIn(pending, USER.email, USER.password);
    await visible(pending.getByRole("heading", { name: "Account Pending" }));
    await visible(pending.getByText("Your account is pending approval from an administrator.", { exact: false }));
    expect(await pending.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
    expect(await pending.locator('header a[href="/admin"]').count()).toBe(0);
    // The admin area sends a pending account back here.
    await pending.goto("/admin");
    await pending.waitForURL((url) => url.pathname === "/auth");
    await pending.getByRole("button", { name: "Sign out" }).click();
    await pending.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("notice") === "signed-out");
  });

  test("the super admin approves the account and assigns admin; toasts confirm each change", async () => {
    await goto(admin, "/admin");
    await admin.getByRole("link", { name: "Open User Management" }).click();
    await admin.waitForURL("**/admin/users");
    await visible(admin.getByRole("heading", { name: "User Management" }));
    await visible(admin.getByRole("link", { name: "Back to Dashboard" }));
    for (const header of ["Name", "Email", "Status", "Roles", "Joined", "Actions"]) {
      await visible(admin.getByRole("columnheader", { name: header }));
    }
    const row = admin.locator(`tr[data-user-email="${USER.email}"]`);
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain(`${USER.first} ${USER.last}`);
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain("No roles");
    // Pending accounts come first.
    expect(await admin.locator("tbody tr").first().getAttribute("data-user-email")).toBe(USER.email);

    await row.getByLabel(`Status of ${USER.first} ${USER.last}`).selectOption("approved");
    await visible(admin.getByText("User status updated to approved"));
    await row.getByLabel(`Assign a role to ${USER.first} ${USER.last}`).selectOption("admin");
    await visible(admin.getByText("Role admin assigned successfully"));
    // The list reloaded with the change.
    await expect.poll(() => row.locator("td").nth(3).textContent(), { timeout: 30_000 }).toBe("admin");
    expect(await row.getByLabel(`Status of ${USER.first} ${USER.last}`).inputValue()).toBe("approved");
    await expectNoAxeViolations(admin, { exclude: ["[data-sonner-toaster]"] });
  });

  test("a status or role reached with the keyboard waits for Enter or its button; Escape goes back", async () => {
    const row = admin.locator(`tr[data-user-email="${USER.email}"]`);
    const status = row.getByLabel(`Status of ${USER.first} ${USER.last}`);
    // Some browsers change a closed select's value with the arrow keys: a key, then the change.
    await status.press("ArrowDown");
    await status.selectOption("pending");
    const save = row.getByRole("button", { name: `Save status for ${USER.first} ${USER.last}` });
    await visible(save);
    await status.press("Escape");
    await save.waitFor({ state: "detached" });
    expect(await status.inputValue()).toBe("approved");
    expect(await admin.getByText("User status updated to pending").count()).toBe(0);

    const assign = row.getByLabel(`Assign a role to ${USER.first} ${USER.last}`);
    await assign.press("ArrowDown");
    await assign.selectOption("customer");
    await visible(row.getByRole("button", { name: `Assign role to ${USER.first} ${USER.last}` }));
    expect(await row.locator("td").nth(3).textContent()).toBe("admin");
    await assign.press("Enter");
    await visible(admin.getByText("Role customer assigned successfully"));
    await expect.poll(() => row.locator("td").nth(3).textContent(), { timeout: 30_000 }).toBe("admin,customer");
    await row.getByRole("button", { name: `Remove role customer from ${USER.first} ${USER.last}` }).click();
    await expect.poll(() => row.locator("td").nth(3).textContent(), { timeout: 30_000 }).toBe("admin");
    expect(await status.inputValue()).toBe("approved");
  });

  test("the approved admin signs in, reaches /admin, sees the Admin link, and signs out for good", async () => {
    // From another address: this one made three sign-in attempts in the tests above, and the limit (3 per
    // 10 s per address) would answer 429 when the tests between ran fast.
    user = await person("203.0.113.21");
    await signIn(user, USER.email, USER.password);
    await user.waitForURL((url) => url.pathname === "/admin");
    await expect.poll(() => user.getByRole("heading", { level: 1 }).textContent(), { timeout: 30_000 }).toBe(`Welcome, ${USER.first} ${USER.last}`);
    for (const card of ["Lead Management", "Content Management", "Contracts", "GAF Portal Config", "Reviews", "Site Configuration"]) {
      expect(await user.getByRole("link", { name: `Open ${card}` }).count(), card).toBe(1);
    }
    expect(await user.getByRole("link", { name: "Open User Management" }).count()).toBe(0);
    await expectNoAxeViolations(user);

    // User Management is for super admins only.
    await user.goto("/admin/users");
    await user.waitForURL((url) => url.pathname === "/");
    expect(await user.locator('header a[href="/admin"]').count()).toBeGreaterThan(0);

    const cookies = await user.context().cookies();
    const session = cookies.find((c) => c.name.endsWith("roofing.session_token"));
    expect(session).toMatchObject({ name: "__Host-roofing.session_token", httpOnly: true, secure: true, sameSite: "Lax", path: "/" });

    await goto(user, "/admin");
    await user.getByRole("button", { name: "Sign Out" }).click();
    await user.waitForURL((url) => url.pathname === "/auth");
    await visible(user.getByText("You have been signed out."));

    // The old cookie is useless now.
    const replay = await fetch(`${app().url}/admin`, { headers: { cookie: `${session!.name}=${session!.value}` }, redirect: "manual" });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin");
  });

  test("/auth is accessible in both modes", async () => {
    const visitor = await person("203.0.113.30");
    await goto(visitor, "/auth");
    await expectNoAxeViolations(visitor);
    await goto(visitor, "/auth?mode=signup");
    await expectNoAxeViolations(visitor);
  });

  test("without JavaScript the forms still work: errors show in the page", async () => {
    const page = await person("203.0.113.40", { javaScriptEnabled: false });
    await page.goto("/auth?mode=signup");
    await page.getByLabel("First name").fill("No");
    await page.getByLabel("Last name").fill("Script");
    await page.getByLabel("Email").fill("noscript@example.test");
    // Bypass the browser's own minlength check to see the server's answer.
    await page.locator('input[name="password"]').evaluate((input) => input.removeAttribute("minlength"));
    await page.getByLabel("Password").fill("abcdefghijk");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create Account" }).click()]);
    expect(await page.getByRole("alert").first().textContent()).toContain("Sign Up Error");
    expect(await page.getByRole("alert").first().textContent()).toContain("Password must be at least 12 characters long.");

    await page.goto("/auth");
    await page.getByLabel("Email").fill(USER.email);
    await page.getByLabel("Password").fill(USER.password);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Sign In" }).click()]);
    expect(new URL(page.url()).pathname).toBe("/admin");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(`Welcome, ${USER.first} ${USER.last}`);
  });
});
