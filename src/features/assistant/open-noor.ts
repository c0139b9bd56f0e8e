/** Opens Noor's panel from elsewhere on the page (the help menu, decision 073): the launcher listens for it. */
export const OPEN_NOOR_EVENT = 'kahraba:open-noor';
export const openNoor = (): void => {
  window.dispatchEvent(new Event(OPEN_NOOR_EVENT));
};
