import { CERTIFICATE_EXPORT_SCALE } from '@uplus/shared';

/*
 * PNG export of a certificate (spec 2.13, 9: scale 10): modern-screenshot draws the node into a canvas 10
 * times its CSS size. Loaded on first use (it is only needed when someone exports). A blob rather than
 * domToPng's data URL: the image is some 8000 x 5660 pixels, too long for a data-URL download.
 */

/** A file name without characters file systems refuse. */
export const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\s]+/g, '_');

/** Draws `node` at scale 10 and downloads it as `fileName`. */
export const exportNodeAsPng = async (node: HTMLElement, fileName: string) => {
  const { domToBlob } = await import('modern-screenshot');
  const blob = await domToBlob(node, { scale: CERTIFICATE_EXPORT_SCALE, type: 'image/png' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = safeFileName(fileName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** Prints only the certificate: the print style shows `.cert-printing` content alone while this runs. */
export const printCertificate = () => {
  document.body.classList.add('cert-printing');
  const done = () => {
    document.body.classList.remove('cert-printing');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // browsers without afterprint: print() blocks until the dialog closes
  setTimeout(done, 0);
};
