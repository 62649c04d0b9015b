export type MailContent = {
  siteName: string;
  greeting: string;
  lines: string[];
  /** The button the mail is about; a mail without one (a contact message) is answered by reply. */
  action?: { label: string; url: string };
  outro: string[];
  /**
   * Addresses of ours written out in the lines that the HTML makes links (the contact page of a
   * warning). Only these: a visitor's text in a contact message never becomes a link.
   */
  links?: string[];
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A line as HTML, with each of `links` in it a link. */
function withLinks(line: string, links: readonly string[]): string {
  let html = escapeHtml(line);
  for (const link of links) {
    const address = escapeHtml(link);
    html = html.replaceAll(address, `<a href="${address}">${address}</a>`);
  }
  return html;
}

/** One simple layout for every mail: a text body and an HTML body with a button. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const { action } = content;
  const text = [
    content.greeting,
    "",
    ...content.lines,
    "",
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...content.outro,
    "",
    `Regards,`,
    content.siteName,
    "",
  ].join("\n");

  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px">${withLinks(line, content.links ?? [])}</p>`;
  const url = action ? escapeHtml(action.url) : "";
  const button = action
    ? `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>\n`
    : "";
  const fallback = action
    ? `\n<p style="margin:24px 0 0;font-size:12px;color:#52525b">If the button does not work, copy this address into your browser: <a href="${url}">${url}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.siteName)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(content.siteName)}</h1>
${paragraph(content.greeting)}
${content.lines.map(paragraph).join("\n")}
${button}${content.outro.map(paragraph).join("\n")}
<p style="margin:0 0 16px">Regards,<br>${escapeHtml(content.siteName)}</p>${fallback}
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
  return { text, html };
}
