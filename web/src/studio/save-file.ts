// Saving what the studio fetched as a file (the audit log's CSV): a link the browser
// downloads from is how a page saves a Blob without asking for a folder.

/**
 * Saves `blob` as `fileName` in the browser's downloads: a temporary `<a download>` to an
 * object URL, clicked and taken away.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click has returned: it is let go once the
  // download has surely started (FileSaver.js waits as long).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
