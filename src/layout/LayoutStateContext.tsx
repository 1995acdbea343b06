import { createContext, useContext, useReducer, type Dispatch, type ReactNode } from 'react';
import { INITIAL_LAYOUT_STATE, layoutReducer, type LayoutAction, type LayoutState } from './layoutState';

const LayoutStateContext = createContext<{ state: LayoutState; dispatch: Dispatch<LayoutAction> } | null>(null);

export function LayoutStateProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(layoutReducer, INITIAL_LAYOUT_STATE);
  return <LayoutStateContext.Provider value={{ state, dispatch }}>{children}</LayoutStateContext.Provider>;
}

export function useLayoutState() {
  const value = useContext(LayoutStateContext);
  if (!value) throw new Error('useLayoutState must be used inside LayoutStateProvider');
  return value;
}
