// Whether the header's member menu is open: it closes on another page or for another
// member, and stays open while a session check confirms the member the cookie named
// (a page whose theater changes the session's context checks it again).

import { useState } from 'react';

/** `member`: the member's id, null for a guest, undefined while the session is checked. */
export function useMemberMenuOpen(pathname: string, member: string | null | undefined) {
  const [open, setOpen] = useState(false);
  const [shownFor, setShownFor] = useState({ pathname, member });
  const known = member === undefined ? shownFor.member : member;
  if (shownFor.pathname !== pathname || shownFor.member !== known) {
    const anotherMember = shownFor.member !== undefined && shownFor.member !== known;
    if (shownFor.pathname !== pathname || anotherMember) setOpen(false);
    setShownFor({ pathname, member: known });
  }
  return [open, setOpen] as const;
}
