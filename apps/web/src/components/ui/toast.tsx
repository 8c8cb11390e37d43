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
  /**
   * The control that raised it (the focused one), when one did: the stack
   * keeps clear of it. Measured where the stack is drawn (./toast-list.tsx), which loads lazily.
   */
  raisedBy?: Element;
}

/**
 * The focused control. A page's first load carries this file, so it does not also track presses:
 * Safari, which does not focus a pressed button, leaves the stack at the top, its usual place.
 */
function raisingControl(): Element | undefined {
  const focused = document.activeElement;
  return focused && focused !== document.body ? focused : undefined;
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

  const dismissToast = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(
    (message: string, type: ToastType = 'success') => {
      const id = nextId.current++;
      const raisedBy = raisingControl();
      setToasts((list) => [...list, { id, message, type, timestamp: Date.now(), ...(raisedBy ? { raisedBy } : {}) }]);
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
