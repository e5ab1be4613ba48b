"""A local page that records everything a capture could do to it: DOM mutations, input and focus
events, media-query changes and network requests. It also keeps its own serialised DOM from before."""

WATCHED = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sent Mail - watched</title>
<style>.hide{display:none}.row{color:#202124}</style></head>
<body>
<header role="banner"><a role="button" aria-label="Google Account: Test Person&#10;(test.person@example.com)" href="#"></a></header>
<div class="hide"><div role="main"><p>earlier view</p></div></div>
<div role="main">
  <table role="grid"><tbody>
    <tr role="row" class="row"><td role="gridcell">To: <span email="lena.park@example.org" name="Lena Park">Lena</span></td>
      <td role="gridcell"><span data-legacy-last-message-id="18d2f0a1b2c3d4e5">Invoice 4111 1111 1111 1111 for $12.34</span></td>
      <td role="gridcell"><span title="Mon, Nov 30, 2026, 2:03 PM">2:03 PM</span></td></tr>
  </tbody></table>
  <input type="text" id="typed" value="">
  <input type="checkbox" id="tick" aria-label="Holidays">
  <a href="https://example.org/track?token=abc123">link</a>
</div>
<script>
(() => {
  const w = window;
  w.__events = []; w.__mutations = 0; w.__resources = 0; w.__media = 0;
  // Simulate what a user did before the capture: typed text and a ticked box.
  document.getElementById('typed').value = 'typed by the user';
  document.getElementById('tick').checked = true;
  // Arm only when the test says so: it first opens other tabs, so this page is a background tab,
  // unfocused, as a tab the user left is; Playwright's default focus emulation would then show.
  const arm = () => fetch('/arm').then((r) => r.text()).then((t) => (t === 'yes' ? start() : setTimeout(arm, 100)),
                                                              () => setTimeout(arm, 100));
  const start = () => {
    w.__before = document.documentElement.outerHTML;
    w.__focusBefore = document.hasFocus();
    new MutationObserver((records) => { w.__mutations += records.length; })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const names = ['focus', 'blur', 'focusin', 'focusout', 'input', 'change', 'keydown', 'keyup', 'keypress',
      'mousedown', 'mouseup', 'click', 'dblclick', 'contextmenu', 'pointerdown', 'pointerup', 'pointermove',
      'mousemove', 'mouseover', 'wheel', 'scroll', 'resize', 'visibilitychange', 'pagehide', 'pageshow',
      'beforeunload', 'unload', 'touchstart', 'selectionchange', 'copy', 'paste'];
    for (const name of names) {
      window.addEventListener(name, (e) => w.__events.push(name), true);
      document.addEventListener(name, (e) => w.__events.push('doc:' + name), true);
    }
    for (const q of ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', 'print', '(forced-colors: active)']) {
      matchMedia(q).addEventListener('change', () => { w.__media += 1; });
    }
    new PerformanceObserver((list) => {
      w.__resources += list.getEntries().filter((e) => !e.name.endsWith('/ready')).length;
    }).observe({ type: 'resource', buffered: false });
    fetch('/ready').catch(() => {});
  };
  setTimeout(arm, 50);
})();
</script>
</body></html>
"""

OTHER = "<!DOCTYPE html><html><head><title>other</title></head><body><div role=main>other tab</div></body></html>"
