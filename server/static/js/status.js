// The status line of both pages holds two lines, so that the board under
// it never moves. A longer message (a link's error in full, a hint's
// sentence, a long language's words) was cut there for good: now the
// line shows a button (…) when its words are cut, and a press of it, or
// a tap on the words, opens the whole message over the board, which does
// not move; a press again, Escape, a tap elsewhere or the next message
// closes it.

// statusLine watches the status line box (.status): its words
// (.status-text) and its button (.status-more).
export function statusLine(box) {
  const text = box.querySelector(".status-text"), more = box.querySelector(".status-more");
  const close = () => {
    if (!text.classList.contains("open")) return;
    text.classList.remove("open");
    more.setAttribute("aria-expanded", "false");
    document.removeEventListener("pointerdown", outside, true);
    document.removeEventListener("keydown", escape, true);
  };
  const outside = (e) => { if (!box.contains(e.target)) close(); };
  const escape = (e) => { if (e.key === "Escape") close(); };
  const open = () => {
    text.classList.add("open");
    more.setAttribute("aria-expanded", "true");
    document.addEventListener("pointerdown", outside, true);
    document.addEventListener("keydown", escape, true);
  };
  const toggle = () => {
    if (text.classList.contains("open")) close();
    else if (!more.hidden) open();
  };
  // check shows the button when the words are cut: measured with the
  // button away, as it takes some of the line's width, in the next frame,
  // whose layout the measure then is (in the handler of a move it forced
  // one more).
  const message = text.querySelector(".message");
  let shown = null, frame = 0;
  const check = () => {
    // Only the words on show count: the classic page's summary changes
    // under a message that hides it.
    const words = message && box.classList.contains("has-message") ? message.textContent : text.textContent;
    if (words === shown) return;
    shown = words;
    close();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      more.hidden = true;
      const cut = text.scrollHeight > text.clientHeight + 1 || text.scrollWidth > text.clientWidth + 1;
      more.hidden = !cut;
      text.classList.toggle("cut", cut);
    });
  };
  more.addEventListener("click", toggle);
  text.addEventListener("click", toggle);
  new MutationObserver(check).observe(text, { childList: true, characterData: true, subtree: true });
  check();
}

// statusOpen says whether the status line's whole message is open: a
// message that would go after a while stays while it is read.
export const statusOpen = () => !!document.querySelector(".status-text.open");
