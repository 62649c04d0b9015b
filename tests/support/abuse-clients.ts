// The clients of the web host's abuse test (tests/api/web-host.test.ts), run as a worker thread so
// that their work and garbage are not counted in the turns of the host they attack. An attacker
// posts a multipart body of `count` one-letter fields to each path at once through node:http
// (which writes the buffer as it is); a visitor asks for `visitorPath` again and again until every
// post is answered. Before that, one post of a twentieth of the parts warms the host's parser, as
// any earlier form with files would have. Posts "attacking" as the attack starts, then the answers.
import { request } from "node:http";
import { parentPort, workerData } from "node:worker_threads";

export type AbuseClientsData = {
  origin: string;
  paths: string[];
  count: number;
  visitorPath: string;
};
export type AbuseClientsResult = { answers: string[]; visitors: number[] };

const { origin, paths, count, visitorPath } = workerData as AbuseClientsData;
const boundary = "----almoner-host-test";
const field = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`;
// One string, not one buffer per part: the garbage of the parts alone paused a thread 200–300 ms.
const bodyOf = (fields: number) => Buffer.from(`${field.repeat(fields)}--${boundary}--\r\n`);

/** A post's status and text. */
function post(path: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = {
      Origin: origin,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": body.byteLength,
    };
    request(`${origin}${path}`, { method: "POST", headers }, (answer) => {
      let text = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (text += chunk));
      answer.on("end", () => resolve(`${answer.statusCode} ${text}`));
    })
      .on("error", reject)
      .end(body);
  });
}

const body = bodyOf(count);
if (body.byteLength < 15 * 1024 * 1024) throw new Error("The body is too small to be an attack.");
await post(paths.at(-1)!, bodyOf(count / 20));
parentPort!.postMessage("attacking");
let attacking = true;
const visitors: number[] = [];
const visiting = (async () => {
  while (attacking) visitors.push((await fetch(`${origin}${visitorPath}`)).status);
})();
const answers = await Promise.all(paths.map((path) => post(path, body)));
attacking = false;
await visiting;
parentPort!.postMessage({ answers, visitors } satisfies AbuseClientsResult);
