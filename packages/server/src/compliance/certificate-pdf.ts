// The compliance certificate as a PDF (pdf-lib): a readable page of the control results, with the
// signed certificate JSON embedded as the attachment `certificate.json`. The service also signs the
// PDF's exact bytes (detached Ed25519, sent in `X-ActionGate-Signature`), so the file an auditor
// holds verifies as a whole, and the embedded JSON verifies on its own once extracted.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  PDFHexString,
  StandardFonts,
  rgb,
  decodePDFRawStream,
} from 'pdf-lib';

/** The attachment's name inside the PDF. */
export const CERTIFICATE_ATTACHMENT = 'certificate.json';

interface CertificateView {
  certificate_id: string;
  tenant_id: string;
  issued_at: string;
  period_start: string;
  period_end: string;
  key_id: string;
  summary: { total: number; passed: number; failed: number };
  journal_head: { tree_size: number; root_hash: string } | null;
  controls: { control_id: string; name: string; category: string; status: string; evidence_count: number; violations_count: number }[];
}

/** Standard fonts speak WinAnsi only: anything else becomes `?` rather than failing the render. */
const ansi = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** Renders the certificate; `fixedDate` keeps the bytes a function of the certificate. */
export async function renderCertificatePdf(certificate: CertificateView, signedJson: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const issued = new Date(certificate.issued_at);
  pdf.setTitle(`ActionGate compliance certificate ${certificate.certificate_id}`);
  pdf.setSubject(`control results of tenant ${certificate.tenant_id}`);
  pdf.setProducer('ActionGate');
  pdf.setCreator('ActionGate');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  pdf.setKeywords(['actiongate', 'compliance', certificate.certificate_id]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  await pdf.attach(new TextEncoder().encode(signedJson), CERTIFICATE_ATTACHMENT, {
    mimeType: 'application/json',
    description: 'the signed certificate (Ed25519 over the canonical JSON of all fields but `signature`)',
    creationDate: issued,
    modificationDate: issued,
  });

  let page = pdf.addPage([595, 842]);
  let y = 790;
  const line = (text: string, options: { size?: number; bold?: boolean; color?: [number, number, number]; x?: number } = {}) => {
    const size = options.size ?? 10;
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 790;
    }
    page.drawText(ansi(text), {
      x: options.x ?? 50,
      y,
      size,
      font: options.bold ? bold : font,
      color: rgb(...(options.color ?? [0, 0, 0])),
    });
    y -= size + 6;
  };
  line('ActionGate compliance certificate', { size: 18, bold: true });
  y -= 4;
  line(`Certificate ${certificate.certificate_id}`);
  line(`Tenant ${certificate.tenant_id}`);
  line(`Issued ${certificate.issued_at}`);
  line(`Period ${certificate.period_start} to ${certificate.period_end}`);
  if (certificate.journal_head)
    line(`Journal: ${certificate.journal_head.tree_size} entries, signed root ${certificate.journal_head.root_hash}`, { size: 8 });
  line(`Controls: ${certificate.summary.passed} of ${certificate.summary.total} passed, ${certificate.summary.failed} failed`, {
    bold: true,
  });
  y -= 8;
  for (const control of certificate.controls) {
    const passed = control.status === 'pass';
    line(`${passed ? 'PASS' : control.status.toUpperCase()}  ${control.name}`, {
      bold: true,
      color: passed ? [0, 0.45, 0.1] : [0.7, 0, 0],
    });
    line(
      `${control.control_id} (${control.category}): ${control.evidence_count} records examined, ${control.violations_count} violations`,
      {
        size: 8,
        x: 62,
      },
    );
  }
  y -= 10;
  line(`Signed by the service with Ed25519 key ${certificate.key_id}.`, { size: 8 });
  line(`The signed JSON is attached as ${CERTIFICATE_ATTACHMENT}; the PDF's bytes carry a detached signature`, { size: 8 });
  line('(X-ActionGate-Signature). Public keys: GET /fabric/keys/public.', { size: 8 });
  return pdf.save({ useObjectStreams: false });
}

/** The attachments of a PDF by name (decoded), read back through pdf-lib's object model. */
export async function pdfAttachments(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const found = new Map<string, Uint8Array>();
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const embedded = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = embedded?.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (!list) return found;
  for (let i = 0; i + 1 < list.size(); i += 2) {
    const name = list.lookup(i);
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) continue;
    const text = name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : String(name);
    found.set(text, decodePDFRawStream(stream).decode());
  }
  return found;
}
