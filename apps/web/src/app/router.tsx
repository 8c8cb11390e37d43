import { createBrowserRouter } from 'react-router';
import { keyNewHistoryEntry } from './history-entry';
import { routes } from './routes';

keyNewHistoryEntry();
export const router = createBrowserRouter(routes);
