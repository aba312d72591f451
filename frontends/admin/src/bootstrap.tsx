// The admin remote on its own (`npm run dev -w @cropvest/web-admin`): its own store, session and router.
import { renderStandalone } from '@cropvest/web-kit/standalone';
import screens from './routes.ts';
import './styles.css';

renderStandalone(screens);
