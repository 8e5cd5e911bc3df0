import type { User } from '../../shared/auth.ts';

/**
 * Who is asking, as repositories scope their rows. Technicians work for the whole shop; what that
 * lets them see is each domain's rule (every inquiry, or the histories of customers' vehicles).
 */
export interface Viewer {
  userId: string;
  isTech: boolean;
}

export function viewerOf(user: User): Viewer {
  return { userId: user.id, isTech: user.role === 'tech' };
}
