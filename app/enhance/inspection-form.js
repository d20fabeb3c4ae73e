// @ts-check
/**
 * The inspection-request form (ADR 007; markup and DOM contract:
 * app/components/leads/inspection-form.tsx). Without this script the form
 * posts to the page and the server answers with the page. With it:
 * - the spec's required-field check ("Missing Information"), nothing sent;
 * - "Submitting..." on a disabled button, a JSON post to `data-endpoint`,
 *   success (notice, form reset, new submission key) or failure (notice,
 *   values kept, field messages);
 * - the insurance part disabled while unticked; drag and drop, a file list
 *   with Remove buttons, type/size/count checks before sending;
 * - where the visit came from (first external referrer and landing page of
 *   the session) in the hidden attribution fields;
 * - the inspection slots (issue 31 item 3): a day and time picker fed by
 *   `/inspection-slots` (fresh on every page, cached or not), refreshed with
 *   the next free times when the chosen one was just taken (409).
 */

const REQUIRED = ["firstName", "lastName", "email", "phone"];
const ATTRIBUTION_KEY = "inspection-attribution";

for (const form of document.querySelectorAll("form[data-inspection-form]")) {
  if (form instanceof HTMLFormElement) enhance(form);
}

/** @param {HTMLFormElement} form */
function enhance(form) {
  /** @type {Record<string, string>} */
  const texts = JSON.parse(form.dataset.texts || "{}");
  /** @param {string} key */
  const t = (key) => texts[key] || "";
  // The limits come from the server's configuration (UPLOAD_LIMITS, written into the form's attributes);
  // without them the server's own checks still apply.
  const maxFiles = Number(form.dataset.maxFiles) || Infinity;
  const maxBytes = Number(form.dataset.maxBytes) || Infinity;
  const maxSize = form.dataset.maxSize || size(maxBytes);
  const extensions = (form.dataset.extensions || "").split(",");
  const notice = /** @type {HTMLElement} */ (form.querySelector("[data-inspection-notice]"));
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector("[data-submit]"));
  const checkbox = /** @type {HTMLInputElement} */ (field(form, "hasInsuranceDocs"));
  const panel = /** @type {HTMLFieldSetElement} */ (form.querySelector("[data-insurance-panel]"));
  const dropzone = /** @type {HTMLElement} */ (form.querySelector("[data-dropzone]"));
  const fileInput = /** @type {HTMLInputElement} */ (form.querySelector("[data-file-input]"));
  const list = /** @type {HTMLElement} */ (form.querySelector("[data-file-list]"));
  const fileError = /** @type {HTMLElement} */ (form.querySelector("[data-file-error]"));
  const label = submit.textContent || "";
  /** @type {File[]} */
  let files = [];
  let busy = false;
  const pickerElement = form.querySelector("[data-slot-picker]");
  const picker = pickerElement instanceof HTMLFieldSetElement ? slotPicker(pickerElement) : null;

  form.noValidate = true;
  setValue(form, "submissionKey", newKey());
  const origin = attribution();
  setValue(form, "referrer", origin.referrer);
  setValue(form, "landingPath", origin.landingPath);

  const syncPanel = () => {
    panel.disabled = !checkbox.checked;
  };
  checkbox.addEventListener("change", syncPanel);
  syncPanel();

  dropzone.dataset.enhanced = "true";
  fileInput.addEventListener("change", () => {
    addFiles(Array.from(fileInput.files || []));
    fileInput.value = "";
  });
  for (const type of ["dragenter", "dragover"]) {
    dropzone.addEventListener(type, (event) => {
      event.preventDefault();
      dropzone.dataset.dragging = "true";
    });
  }
  dropzone.addEventListener("dragleave", () => (dropzone.dataset.dragging = "false"));
  dropzone.addEventListener("drop", (event) => {
    event.preventDefault();
    dropzone.dataset.dragging = "false";
    addFiles(Array.from(event.dataTransfer?.files || []));
  });

  /** @param {File[]} added */
  function addFiles(added) {
    const problems = [];
    for (const file of added) {
      const ext = file.name.includes(".") ? file.name.split(".").pop()?.toLowerCase() || "" : "";
      if (!extensions.includes(ext)) problems.push(`"${file.name}": ${t("unsupportedText")}`);
      else if (file.size > maxBytes) problems.push(`"${file.name}" is larger than ${maxSize}.`);
      else if (files.length >= maxFiles) problems.push(`At most ${maxFiles} files can be attached.`);
      else if (!files.some((f) => f.name === file.name && f.size === file.size)) files.push(file);
    }
    fileError.textContent = [...new Set(problems)].join(" ");
    fileError.hidden = problems.length === 0;
    renderFiles();
  }

  function renderFiles() {
    list.replaceChildren(
      ...files.map((file) => {
        const item = document.createElement("li");
        item.className = "flex items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2";
        const name = document.createElement("span");
        name.className = "min-w-0 truncate";
        name.textContent = `${file.name} (${size(file.size)})`;
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "shrink-0 rounded px-2 py-1 font-semibold text-brand-red hover:bg-red-50";
        remove.textContent = "Remove";
        remove.setAttribute("aria-label", `Remove ${file.name}`);
        remove.addEventListener("click", () => {
          files = files.filter((f) => f !== file);
          renderFiles();
          fileInput.focus();
        });
        item.append(name, remove);
        return item;
      }),
    );
  }

  // The listener itself is synchronous: preventDefault() must run before anything is awaited (or the
  // browser posts the form itself), and the browser does nothing with a listener's promise.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (busy) return;
    showFieldErrors({});
    const missing = REQUIRED.filter((name) => !String(field(form, name)?.value || "").trim());
    if (missing.length > 0) {
      showFieldErrors(Object.fromEntries(missing.map((name) => [name, "This field is required."])));
      showNotice("error", t("missingTitle"), t("missingText"), false);
      field(form, missing[0])?.focus();
      return;
    }
    // A booked time needs the property's address (the server says so too).
    const slot = form.elements.namedItem("slot");
    const chosen = slot instanceof RadioNodeList ? slot.value : "";
    const address = ["addressStreet", "addressCity", "addressZip"].filter((name) => !String(field(form, name)?.value || "").trim());
    if (chosen && address.length > 0 && picker) {
      showFieldErrors(Object.fromEntries(address.map((name) => [name, picker.text("addressNeeded")])));
      showNotice("error", t("missingTitle"), picker.text("addressNeeded"), false);
      field(form, address[0])?.focus();
      return;
    }
    busy = true;
    submit.disabled = true;
    submit.textContent = t("submitting");
    form.setAttribute("aria-busy", "true");
    const body = new FormData(form);
    body.delete("files");
    if (checkbox.checked) for (const file of files) body.append("files", file, file.name);
    // send() catches every failure of the post and shows it in the notice.
    void send(body);
  });

  /**
   * Posts the form and shows the answer (or the failure notice), then makes the button usable again.
   * @param {FormData} body
   */
  async function send(body) {
    try {
      const response = await fetch(form.dataset.endpoint || form.action, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      /** @type {{ ok?: boolean, title?: string, message?: string, fieldErrors?: Record<string, string>, slots?: Slot[] } | null} */
      const result = await response.json().catch(() => null);
      if (response.ok && result?.ok) {
        form.reset();
        files = [];
        renderFiles();
        syncPanel();
        setValue(form, "submissionKey", newKey());
        void picker?.load();
        // The server's words: they may add that the address is outside the service area (issue 31 item 2)
        // or name the booked time (item 3).
        showNotice("success", result.title || t("successTitle"), result.message || t("successText"), true);
      } else {
        // The chosen time was just taken: the next free ones, nothing chosen.
        if (response.status === 409 && Array.isArray(result?.slots)) picker?.render(result.slots, true);
        showFieldErrors(result?.fieldErrors || {});
        showNotice("error", result?.title || t("failureTitle"), result?.message || t("failureText"), true);
      }
    } catch {
      showNotice("error", t("failureTitle"), t("failureText"), true);
    } finally {
      busy = false;
      submit.disabled = false;
      submit.textContent = label;
      form.removeAttribute("aria-busy");
    }
  }

  /**
   * @param {"error" | "success"} variant
   * @param {string} title
   * @param {string} text
   * @param {boolean} focus
   */
  function showNotice(variant, title, text, focus) {
    notice.setAttribute("role", variant === "error" ? "alert" : "status");
    notice.dataset.variant = variant;
    notice.hidden = false;
    /** @type {HTMLElement} */ (notice.querySelector("[data-notice-title]")).textContent = title;
    /** @type {HTMLElement} */ (notice.querySelector("[data-notice-text]")).textContent = text;
    if (focus) notice.focus();
  }

  /** @param {Record<string, string>} errors */
  function showFieldErrors(errors) {
    for (const message of form.querySelectorAll("[data-error-for]")) {
      if (!(message instanceof HTMLElement)) continue;
      const name = message.dataset.errorFor || "";
      const input = field(form, name);
      const text = errors[name];
      message.textContent = text || "";
      message.hidden = !text;
      if (!input) continue;
      if (text) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", message.id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    }
  }
}

/** @typedef {{ key: string, date: string, day: string, time: string }} Slot */

const CHOICE_CLASS =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 has-checked:border-brand-navy has-checked:bg-brand-navy/5 has-checked:font-semibold has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring";
const DAY_CLASS =
  "flex min-h-11 min-w-20 shrink-0 flex-col items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-brand-navy aria-pressed:bg-brand-navy aria-pressed:text-white";

/**
 * The phone-friendly day and time picker: a row of day buttons, the chosen day's times as radio choices
 * (every day's radios stay in the form, so a chosen time is sent whichever day is shown), and "No time now".
 * @param {HTMLFieldSetElement} fieldset
 */
function slotPicker(fieldset) {
  /** @type {Record<string, string>} */
  const texts = JSON.parse(fieldset.dataset.texts || "{}");
  const choices = /** @type {HTMLElement} */ (fieldset.querySelector("[data-slot-choices]"));
  const noSlot = /** @type {HTMLInputElement} */ (fieldset.querySelector("[data-no-slot]"));
  const endpoint = fieldset.dataset.slotsEndpoint || "/inspection-slots";

  /**
   * @param {Slot[]} slots
   * @param {boolean} [clear] choose nothing (after a refusal: the homeowner picks again)
   */
  function render(slots, clear = false) {
    const checked = fieldset.querySelector("input[name=slot]:checked:not([data-no-slot])");
    const chosen = clear || !(checked instanceof HTMLInputElement) ? "" : checked.value;
    if (clear) noSlot.checked = false;
    if (slots.length === 0) {
      const empty = document.createElement("p");
      empty.className = "text-sm text-slate-700";
      empty.textContent = texts.noSlots || "";
      choices.replaceChildren(empty);
      if (!chosen) noSlot.checked = true;
      return;
    }
    /** @type {Map<string, Slot[]>} */
    const days = new Map();
    for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) || []), slot]);
    const dayRow = document.createElement("div");
    dayRow.setAttribute("role", "group");
    dayRow.setAttribute("aria-label", "Days with free times");
    dayRow.className = "flex gap-2 overflow-x-auto pb-1";
    const panels = document.createElement("div");
    /** @type {HTMLButtonElement[]} */
    const buttons = [];
    const firstDay = slots.find((s) => s.key === chosen)?.date || slots[0]?.date || "";
    for (const [date, daySlots] of days) {
      const day = daySlots[0]?.day || date;
      const [weekday = "", monthDay = ""] = day.split(", ");
      const button = document.createElement("button");
      button.type = "button";
      button.className = DAY_CLASS;
      button.dataset.day = date;
      const top = document.createElement("span");
      top.className = "font-semibold";
      top.textContent = weekday.slice(0, 3);
      const bottom = document.createElement("span");
      bottom.textContent = monthDay;
      button.append(top, " ", bottom);
      button.setAttribute("aria-pressed", String(date === firstDay));
      button.addEventListener("click", () => show(date));
      buttons.push(button);

      const panel = document.createElement("div");
      panel.setAttribute("role", "group");
      panel.setAttribute("aria-label", `Times on ${day}`);
      panel.dataset.dayPanel = date;
      panel.className = "mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2";
      panel.hidden = date !== firstDay;
      for (const slot of daySlots) {
        const label = document.createElement("label");
        label.className = CHOICE_CLASS;
        const input = document.createElement("input");
        input.type = "radio";
        input.name = "slot";
        input.value = slot.key;
        input.className = "size-6 accent-brand-navy";
        input.checked = slot.key === chosen;
        const text = document.createElement("span");
        const hidden = document.createElement("span");
        hidden.className = "sr-only";
        hidden.textContent = `${day}, `;
        text.append(hidden, slot.time);
        label.append(input, text);
        panel.append(label);
      }
      panels.append(panel);
    }
    dayRow.append(...buttons);
    choices.replaceChildren(dayRow, panels);

    /** @param {string} date */
    function show(date) {
      for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.day === date));
      for (const panel of panels.querySelectorAll("[data-day-panel]")) {
        if (panel instanceof HTMLElement) panel.hidden = panel.dataset.dayPanel !== date;
      }
    }
  }

  async function load() {
    try {
      const response = await fetch(endpoint, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      const body = await response.json();
      if (response.ok && Array.isArray(body?.slots)) render(body.slots);
    } catch {
      // Keep what the page has (the list, or the link to /book).
    }
  }

  void load();
  /** @param {string} key */
  const text = (key) => texts[key] || "";
  return { render, load, text };
}

/**
 * @param {HTMLFormElement} form
 * @param {string | undefined} name
 * @returns {HTMLInputElement | null}
 */
function field(form, name) {
  const element = name ? form.elements.namedItem(name) : null;
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
    ? /** @type {HTMLInputElement} */ (element)
    : null;
}

/**
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {string} value
 */
function setValue(form, name, value) {
  const input = field(form, name);
  if (input) input.value = value;
}

/** A new submission key: 18 random bytes, base64url (24 characters). */
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The first external referrer and landing page of this visit (kept for the browser session). */
function attribution() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(ATTRIBUTION_KEY) || "null");
    if (saved && typeof saved.landingPath === "string") return saved;
  } catch {
    // storage unavailable: use this page
  }
  let referrer = "";
  try {
    if (document.referrer && new URL(document.referrer).origin !== location.origin) referrer = document.referrer;
  } catch {
    referrer = "";
  }
  const value = { referrer, landingPath: (location.pathname + location.search).slice(0, 2000) };
  try {
    sessionStorage.setItem(ATTRIBUTION_KEY, JSON.stringify(value));
  } catch {
    // private mode
  }
  return value;
}

/** @param {number} bytes */
function size(bytes) {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
