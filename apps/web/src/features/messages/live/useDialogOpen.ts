import { useEffect, useState } from 'react';

/** Whether a modal dialog (antd Modal, confirm) is on screen: a wrap that is displayed. */
export function isDialogOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some(
    (wrap) => wrap.style.display !== 'none' && wrap.getClientRects().length > 0,
  );
}

/**
 * True while a modal dialog is open anywhere in the page. Dialogs are portals under <body>, shown
 * and hidden by their wrap's style or added and removed; checked at most once a frame.
 */
export function useDialogOpen(): boolean {
  const [open, setOpen] = useState(isDialogOpen);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setOpen(isDialogOpen());
    };
    const observer = new MutationObserver(() => {
      if (frame === 0) frame = requestAnimationFrame(check);
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['style', 'class'],
    });
    check();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return open;
}
