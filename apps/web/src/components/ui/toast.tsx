import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@ssd/shared/constants';
import type { ToastList } from './toast-list';

/** spec 1 §3: a toast has a message, a type and a timestamp. */
export type ToastType = 'success' | 'error' | 'warning';

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  timestamp: number;
  /** Where the control that raised it was on screen (viewport px), when one did: the stack keeps clear of it. */
  raisedFrom?: ControlBox;
}

export interface ControlBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** A press this recent may have raised the toast (press, request, answer, toast). */
const PRESS_WINDOW_MS = 10_000;

/**
 * The box of the control that raised a toast: the focused control, else the one pressed last
 * (Safari does not focus a pressed button), measured when the toast appears.
 */
function raisingControlBox(press: { target: Element; at: number } | null): ControlBox | undefined {
  const focused = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  const pressed = press && Date.now() - press.at < PRESS_WINDOW_MS && press.target.isConnected ? press.target : null;
  const control = focused ?? pressed;
  if (!control) return undefined;
  const { top, bottom, left, right } = control.getBoundingClientRect();
  return bottom > top ? { top, bottom, left, right } : undefined;
}

export interface ToastApi {
  toasts: readonly Toast[];
  showToast: (message: string, type?: ToastType) => void;
  dismissToast: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);
  const lastPress = useRef<{ target: Element; at: number } | null>(null);

  useEffect(() => {
    const remember = (event: PointerEvent) => {
      if (event.target instanceof Element) lastPress.current = { target: event.target, at: Date.now() };
    };
    document.addEventListener('pointerdown', remember, true);
    return () => document.removeEventListener('pointerdown', remember, true);
  }, []);

  const dismissToast = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(
    (message: string, type: ToastType = 'success') => {
      const id = nextId.current++;
      const raisedFrom = raisingControlBox(lastPress.current);
      setToasts((list) => [...list, { id, message, type, timestamp: Date.now(), ...(raisedFrom ? { raisedFrom } : {}) }]);
      timers.current.set(
        id,
        setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
      );
    },
    [dismissToast],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo<ToastApi>(
    () => ({ toasts, showToast, dismissToast }),
    [toasts, showToast, dismissToast],
  );
  return <ToastContext value={value}>{children}</ToastContext>;
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}

type ToastListView = typeof ToastList;

/** The toast view once loaded: later toasts show without waiting. */
let loadedToastList: ToastListView | null = null;

/**
 * Loads the toasts' view (icons and styles). Most visits never show a toast, so the view stays
 * out of the first load and comes with the first toast; tests that check toasts synchronously
 * load it first.
 */
export function loadToastList(): Promise<ToastListView> {
  return import('./toast-list').then((module) => (loadedToastList = module.ToastList));
}

/** The toast stack (./toast-list.tsx places it); the shell renders it once. */
export function ToastStack() {
  const { toasts, dismissToast } = useToast();
  const [LoadedList, setLoadedList] = useState(() => loadedToastList);
  const viewNeeded = toasts.length > 0 && LoadedList === null;
  useEffect(() => {
    if (!viewNeeded) return;
    let active = true;
    loadToastList().then(
      (view) => {
        if (active) setLoadedList(() => view);
      },
      () => {
        // Offline: the next toast tries again.
      },
    );
    return () => {
      active = false;
    };
  }, [viewNeeded]);
  return LoadedList ? <LoadedList toasts={toasts} onDismiss={dismissToast} /> : null;
}
