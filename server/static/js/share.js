// Sharing: links to the puzzle (with the progress, an option), the QR code
// of a link (qr.js, loaded when first used), and the import of a pasted
// puzzle.
import { parseLine, conflicts, progressLink } from "./sudoku.js";
import { t, errorText } from "./i18n.js";
import { $, S, prefs, say, closeMenu, onClick } from "./state.js";
import { call, has, load } from "./api.js";
import { start, makeRoom } from "./games.js";
import { closeCreate } from "./create.js";

const shareLink = (withProgress) => `${location.origin}${location.pathname}#${progressLink({ ...S.game, withProgress, short: prefs.short })}`;

// showQR shows the link to the puzzle, or with the progress, as a QR code
// for a phone's camera. A phone can follow it only to a server it reaches,
// which a server listening on loopback is not.
async function showQR(withProgress) {
  let qr;
  try {
    qr = await load("qr");
  } catch (e) {
    say(e.message, true);
    return;
  }
  const { encode, svg } = qr;
  const link = shareLink(withProgress);
  const code = encode(link);
  const box = $("qr-code");
  box.replaceChildren(code ? svg(code) : "");
  box.dataset.size = code ? code.size : 0;
  $("qr-link").textContent = code ? link : t("qrTooLong");
  $("qr-progress").setAttribute("aria-pressed", String(withProgress));
  const local = /^(localhost|127\.|\[::1\])/.test(location.hostname);
  $("qr-note").textContent = t(local ? "qrLocal" : "qrPoint");
  if (!$("qr-dialog").open) $("qr-dialog").showModal();
}

async function share(withProgress) {
  const link = shareLink(withProgress);
  // On a phone, the system's share sheet: mail, messages and the rest.
  if (navigator.share && matchMedia("(pointer: coarse)").matches) {
    try {
      await navigator.share({ title: "Sudoku", url: link });
      return;
    } catch (e) {
      if (e.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(link);
    say(t(withProgress ? "copiedProgress" : "copiedStart"));
  } catch {
    say(t("shareThis", link));
  }
}

// importPuzzle reads pasted text, through the server when it can so that
// every format works, and locally for a plain 81-cell line otherwise.
async function importPuzzle(text) {
  if (has("parse")) {
    const r = await call("parse", { puzzle: text });
    if (!r.ok) throw new Error(errorText(r));
    return parseLine(r.puzzle);
  }
  const line = text.replace(/\s+/g, "").replace(/[0_*-]/g, ".");
  const p = parseLine(line);
  if (!p) throw new Error(t("need81"));
  if (conflicts(p).size) throw new Error(t("givensBreak"));
  return p;
}

export function wireShare() {
  onClick("share", () => { closeMenu(); share(false); });
  onClick("share-progress", () => { closeMenu(); share(true); });
  onClick("qr", () => { closeMenu(); showQR(false); });
  onClick("qr-progress", () => showQR($("qr-progress").getAttribute("aria-pressed") !== "true"));
  onClick("import", () => {
    closeMenu();
    $("import-error").textContent = "";
    $("import-dialog").showModal();
    $("import-text").focus();
  });
  $("import-form").addEventListener("submit", async (e) => {
    if (e.submitter && e.submitter.value === "cancel") return;
    e.preventDefault();
    try {
      const p = await importPuzzle($("import-text").value);
      $("import-dialog").close();
      if (!(await makeRoom())) return;
      if (S.creating) closeCreate();
      start(p, "", "Imported");
      say(t("imported"));
    } catch (err) {
      $("import-error").textContent = err.message;
    }
  });
}
