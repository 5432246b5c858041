import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { messages } from '@koza/domain/messages';
import { ApiError } from '../../http/errors.ts';
import { FieldValidationError } from '../../services/platform/refusals.ts';
import type { FieldError } from '../../services/platform/refusals.ts';
import { sessionApplication } from '../../services/applicant/applications.ts';
import { documentLimitBytes, isDocumentType, saveDocument } from '../../services/applicant/documents.ts';
import type { DocumentDeps, UploadedDocument } from '../../services/applicant/documents.ts';
import { requireAuth } from '../route-guards.ts';
import type { RouteGuards } from '../route-guards.ts';

// POST /api/documents (auth), multipart/form-data with the fields `image` (one file) and `type`
// (DECISIONS.md §5, docs/decisions/0051-documents.md) → 204.
//   400 { errors: [{ field, message }] }  no image, no type, an unknown type, a malformed form
//   409 the flow does not expect this document now (general: CURRENT_ADDRESS_DOCUMENT only while
//       the supplement is required)
//   413 the image is over 10 MiB, or more than one file / too many fields
//   415 not multipart; or the bytes are not JPEG, PNG or HEIC; or the declared type is not what the
//       bytes are (a PNG declared image/jpeg)

const limits = {
  fileSize: documentLimitBytes,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

async function readForm(request: FastifyRequest): Promise<UploadedDocument> {
  if (!request.isMultipart()) throw new ApiError(415);
  let type: unknown;
  let file: { bytes: Buffer; mimetype: string } | undefined;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        // Read even when misnamed, so the stream ends and the file count is enforced.
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image') file = { bytes, mimetype: part.mimetype };
      } else if (part.fieldname === 'type') {
        type = part.value;
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new ApiError(413);
    // busboy's own parse errors carry no status: a malformed form is the client's.
    throw new ApiError(400);
  }
  const errors: FieldError[] = [];
  if (!file || file.bytes.length === 0) errors.push({ field: 'image', message: messages.required });
  if (type === undefined || type === '') errors.push({ field: 'type', message: messages.required });
  else if (!isDocumentType(type)) errors.push({ field: 'type', message: messages.selectRequired });
  if (errors.length > 0 || !file || !isDocumentType(type)) throw new FieldValidationError(errors);
  return { type, declaredContentType: file.mimetype, bytes: file.bytes };
}

export const documentsRoutes: FastifyPluginAsyncZod<DocumentDeps & { guards: RouteGuards }> = async (app, { guards, ...deps }) => {
  // Scoped to this plugin: only POST /api/documents accepts multipart.
  await app.register(multipart, { limits, throwFileSizeLimit: true });

  app.post('/api/documents', { preHandler: guards.applicant }, async (request, reply) => {
    const application = await sessionApplication(deps.db, requireAuth(request));
    const document = await readForm(request);
    await saveDocument(deps, application, document);
    return reply.code(204).send();
  });
};
