/**
 * `GET /api/v1/imports/{id}/rejected-rows`: the import's rejected rows as an .xlsx book, which a plain link
 * downloads under the name the server gives it.
 */
export const rejectedRowsUrl = (importId: number) => `/api/v1/imports/${importId}/rejected-rows`;
