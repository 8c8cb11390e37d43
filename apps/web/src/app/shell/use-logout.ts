/** The shell's logout is the app's one logout (src/lib/use-logout.ts). */
export { useLogout } from '../../lib/use-logout';
