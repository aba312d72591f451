// User Management was All Users again at a second address (issue 27): the spec registers /admin/users, so the
// old address still answers, with its search and filters, by moving to it.
import { Navigate, useLocation } from '@cropvest/web-kit/router';

export default function ToAllUsers() {
  const { search } = useLocation();
  return <Navigate to={`/admin/users${search}`} replace />;
}
