// Operations the gateway answers itself by composing the services' figures.
import { ownedBy } from '../api-operation.ts';
import { AdminDashboard, PublicStats } from './dashboard.ts';

export const dashboardOperations = ownedBy('gateway', {
  publicStats: {
    method: 'get',
    path: '/api/stats/public',
    summary: 'Live platform figures for the landing page',
    tag: 'Statistics',
    auth: 'public',
    response: PublicStats,
  },
  adminDashboard: {
    method: 'get',
    path: '/api/admin/dashboard',
    summary: 'Admin dashboard summary',
    tag: 'Admin: dashboard',
    auth: 'admin',
    response: AdminDashboard,
  },
});
