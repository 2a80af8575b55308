/** Paging facts of one page of a list: `{total, page, limit, has_more}`. */
export function pageInfo(total: number, q: { page: number; limit: number }) {
  return { total, page: q.page, limit: q.limit, has_more: q.page * q.limit < total };
}

/** Row offset of a page. */
export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;
