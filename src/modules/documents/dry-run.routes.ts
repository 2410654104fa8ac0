import { Type } from '@sinclair/typebox';
import { requireIssuerScope } from '../../http/auth.js';
import { localizeFieldErrors, requestLanguage } from '../../http/field-language.js';
import { authProblems, Ok } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { DOCUMENTATION_ONLY } from '../../http/validation.js';
import { IssuerHeader, tags, writeAuth } from './documents.routes.js';
import { DocumentWarningSchema } from './documents.schemas.js';
import type { DocumentDryRun } from './dry-run.js';

const DryRunError = Type.Object({
  code: Type.String({ description: 'VALIDATION_FAILED, DOCUMENT_TYPE_NOT_ENABLED or ISSUER_ISSUING_PAUSED' }),
  path: Type.String({ description: 'the field, as in problem documents (empty for an issuer rule)' }),
  message: Type.String({ description: "a sentence, in the request's language (Accept-Language es or en)" }),
  expected: Type.Optional(
    Type.String({ description: 'the value the service computed for this stated figure' }),
  ),
});

const DryRunResponse = Type.Object(
  {
    ok: Ok,
    valid: Type.Boolean({ description: 'true when POST /v1/documents would accept this body as it is' }),
    errors: Type.Array(DryRunError, { description: 'every problem found, all at once' }),
    warnings: Type.Array(DocumentWarningSchema, {
      description:
        'what creation would answer beside the document: an original not in this account, not checked',
    }),
    document: Type.Optional(
      Type.Object(
        { documentType: Type.String(), issueDate: Type.String({ description: 'DD/MM/YYYY' }) },
        {
          additionalProperties: true,
          description:
            "The computed document of the body's type, as the detail of a created document would carry it (01 and 04: buyer, items with their taxes, totals with taxTotals, payments), without access key or sequential. Absent when a problem other than a stated figure or an issuer rule prevents computing it.",
        },
      ),
    ),
    correctedBody: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description:
            'The body with every stated figure set to the computed one: what to send to POST /v1/documents',
        },
      ),
    ),
  },
  { $id: 'DocumentDryRun' },
);

export function registerDryRunRoute(app: App, dryRun: DocumentDryRun): void {
  app.post('/v1/documents/validate', {
    schema: {
      tags,
      operationId: 'validateDocument',
      summary: 'Dry run: what creating this document would do, without creating it',
      description:
        "Takes any body of POST /v1/documents and answers 200 whatever is wrong with it: `valid`, every problem at once in `errors` (the schema's, the type's rules, the issuer's: type not enabled, issuing paused), and the computed document (lines, tax groups, totals). No sequential is allocated, nothing is signed or stored, the quota is not touched. `taxableBase` and `taxAmount` may be left out: each is then an error carrying the computed value in `expected`, as is every stated figure that differs from the computed one (and a single payment's total), and `correctedBody` is the body to send. Scope documents:write, as creation.",
      headers: IssuerHeader,
      body: {
        ...Type.Object(
          { documentType: Type.String({ description: '01, 03, 04, 05, 06 or 07' }) },
          {
            additionalProperties: true,
            description:
              'Any body of POST /v1/documents (createDocument shows each type); taxableBase and taxAmount may be left out. Whatever it holds, the answer is 200 with its problems.',
          },
        ),
        ...DOCUMENTATION_ONLY,
      },
      response: { 200: DryRunResponse, ...authProblems(404) },
    },
    config: { auth: writeAuth },
    handler: async (request) => {
      const result = await dryRun.validate(requireIssuerScope(request), request.body);
      const lang = requestLanguage(request);
      return {
        ok: true as const,
        ...result,
        errors: localizeFieldErrors(result.errors, lang),
        warnings: localizeFieldErrors(result.warnings, lang),
      };
    },
  });
}
