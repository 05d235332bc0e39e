import { useEffect, useState } from 'react';
import { opensByItself } from './guideNavigation';

const shownKey = (userId: number) => `guide.autoShown.${userId}`;

/**
 * Whether 新手引导 is open: from the avatar menu at any time, and by itself once per sign-in
 * session for an account that has not finished it (bit 1 of isReadGuide unset) while 系统配置
 * allows it. Closing without 完成 leaves it unread, so it comes back in the next session.
 */
export function useGuideLauncher(
  user: { userId: number; isReadGuide: number } | undefined,
  guideForNewUsers: boolean | undefined,
): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!user || !opensByItself(user.isReadGuide, guideForNewUsers)) return;
    if (sessionStorage.getItem(shownKey(user.userId))) return;
    sessionStorage.setItem(shownKey(user.userId), '1');
    setOpen(true);
  }, [user, guideForNewUsers]);
  return [open, setOpen];
}
