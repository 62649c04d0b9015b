// The ceiling of `npm run bench`: a bare Node http server, in its own process, answering every
// request with the status, headers and body its parent sends it over IPC (the cached home page).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type CeilingPage = {
  status: number;
  headers: Record<string, string | string[]>;
  bodyBase64: string;
};

process.once("message", (page: CeilingPage) => {
  const body = Buffer.from(page.bodyBase64, "base64");
  const server = createServer((_request, response) => {
    response.writeHead(page.status, page.headers);
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    process.send!({ port: (server.address() as AddressInfo).port });
  });
});
process.on("disconnect", () => process.exit(0));
