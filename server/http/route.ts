import type {
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptionsWithHandler,
} from "fastify";
import { notFound } from "../errors.ts";
import { readForm, type FormInput, type UploadedFile } from "./multipart.ts";
import { parseForm, z } from "./validation.ts";

/**
 * Laravel's route middleware (the guards of guards.ts, throttles, `signed`): each refuses by
 * throwing. A route's run in the order declared, after the CSRF check and before its input is read.
 */
export type Guard = (request: FastifyRequest) => Promise<void>;

/** How a route's body becomes fields (and files); `readForm` unless the route says otherwise. */
export type BodyReader = (request: FastifyRequest) => Promise<BodyInput> | BodyInput;

export type BodyInput = { fields: unknown; files: FormInput["files"] };

/** The JSON body as sent (the account calls, as Fortify's): nothing is a file, absent is `{}`. */
export const jsonBody: BodyReader = (request) => ({ fields: request.body ?? {}, files: {} });

/** A form that keeps the files of these fields (the first of each), as `readForm` reads them. */
export const formWithFiles =
  (fileFields: readonly string[]): BodyReader =>
  (request) =>
    readForm(request, { fileFields });

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export type Input<P = unknown, Q = unknown, B = unknown> = {
  params: P;
  query: Q;
  body: B;
  /** The uploaded files the body reader kept, by field. */
  files: Record<string, UploadedFile>;
};

type BodyContext<P, Q> = { request: FastifyRequest; params: P; query: Q };
type BodyChooser = (
  fields: Record<string, unknown>,
  context: BodyContext<unknown, unknown>,
) => unknown;

export type Declaration<PS, QS, BS> = {
  /** Who may call it: guards and throttles, in order. None: anyone. */
  guards?: Guard[];
  /** The path's parameters; a path that fails them names nothing (404), as route binding does. */
  params?: PS;
  /** The query string; a failure is a 422 listing every field. */
  query?: QS;
  /**
   * The body's form, or a function choosing it from the fields and the parsed path (a form
   * that depends on the item or the user); a failure is a 422 with the fields in the form's order.
   */
  body?:
    | BS
    | ((
        fields: Record<string, unknown>,
        context: BodyContext<Out<PS>, Out<QS>>,
      ) => BS | Promise<BS>);
  read?: BodyReader;
  bodyLimit?: number;
  config?: RouteShorthandOptionsWithHandler["config"];
};

export type Handler<PS, QS, BS> = (
  input: Input<Out<PS>, Out<QS>, Out<BS>>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * A route's options and handler from its declaration: the guards, then one step that reads and
 * validates the path, query and body, then the handler with the typed input. The step is the
 * route's last preHandler: the session's CSRF check (a global preHandler) and the guards come
 * first, as Laravel runs middleware before a FormRequest, so nothing is read for a caller who
 * may not call.
 */
export function route<
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(
  declaration: Declaration<PS, QS, BS>,
  handler: Handler<PS, QS, BS>,
): RouteShorthandOptionsWithHandler {
  const inputs = new WeakMap<FastifyRequest, Input<Out<PS>, Out<QS>, Out<BS>>>();
  const validate: preHandlerAsyncHookHandler = async function validate(request) {
    inputs.set(request, await readInput(declaration, request));
  };
  return {
    preHandler: [...(declaration.guards ?? []), validate],
    ...(declaration.bodyLimit === undefined ? {} : { bodyLimit: declaration.bodyLimit }),
    ...(declaration.config === undefined ? {} : { config: declaration.config }),
    handler: async (request, reply) => {
      const input = inputs.get(request);
      if (!input) throw new Error("The route's input was not read.");
      return handler(input, request, reply);
    },
  };
}

async function readInput<PS, QS, BS>(
  { params: paramsSchema, query: querySchema, body, read = readForm }: Declaration<PS, QS, BS>,
  request: FastifyRequest,
): Promise<Input<Out<PS>, Out<QS>, Out<BS>>> {
  const params = (await parsePath(paramsSchema, request.params)) as Out<PS>;
  const query = (
    querySchema instanceof z.ZodType ? await parseForm(querySchema, request.query ?? {}) : {}
  ) as Out<QS>;
  if (body === undefined) return { params, query, body: {} as Out<BS>, files: {} };
  const { fields, files } = await read(request);
  const schema: unknown =
    typeof body === "function"
      ? await (body as BodyChooser)(asRecord(fields), { request, params, query })
      : body;
  if (!(schema instanceof z.ZodType)) throw new Error("A route's body must be a zod schema.");
  const given = Object.keys(files).length > 0 ? { ...asRecord(fields), ...files } : fields;
  return { params, query, body: (await parseForm(schema, given)) as Out<BS>, files };
}

async function parsePath(schema: unknown, params: unknown): Promise<unknown> {
  if (!(schema instanceof z.ZodType)) return {};
  const result = await schema.safeParseAsync(params ?? {});
  if (!result.success) throw notFound();
  return result.data;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
