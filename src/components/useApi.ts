import { useCallback, useState, type ReactNode } from 'react';
import { useMutation, useQuery, type QueryFunctionContext, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Envelope } from '../shared';
import { useConsoleDataProvider, type ConsoleDataProvider } from '../providers/dataProvider';
import { useApiErrorToast } from './useApiErrorToast';

/**
 * The one way a screen calls the server outside react-admin's CRUD: a read is `useApiRead`, a write
 * is `useApiWrite`, both through the data provider's methods (consoleActions, authActions) and
 * react-query, which react-admin already runs. tests/unit/one-server-path.spec.ts keeps hand-written
 * fetches, pending flags and effects that fetch out of the screens.
 */

/**
 * A data-provider call (or several in a row) answering the server's envelope. A file upload hands
 * `onProgress` to the provider and the write's `progress` follows it.
 */
export type ApiCall<A extends Envelope<unknown> = Envelope<unknown>> = (api: ConsoleDataProvider, onProgress: (fraction: number) => void) => Promise<A>;

/**
 * Reads `data` of a data-provider call (or of several, combined), cached under `key` (react-query's
 * useQuery: loading and error state, refetch, polling or renewal by `refetchInterval`, `enabled` to
 * wait for an argument). `context` is react-query's: a read handed `context.signal` is cancelled when
 * its key changes (the screen asked for something newer) or the screen goes.
 */
export function useApiRead<T>(key: QueryKey, read: (api: ConsoleDataProvider, context: QueryFunctionContext) => Promise<{ data: T }>, options: Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'> = {}) {
  const api = useConsoleDataProvider();
  // The context is passed whole: react-query cancels only a read that took its signal.
  return useQuery<T>({ ...options, queryKey: key, queryFn: async (context) => (await read(api, context)).data });
}

export interface ApiActionSuccess {
  /** Translation key of the success toast; without one the toast shows the server's resultMessage. */
  message?: string;
  args?: Record<string, unknown>;
  /** Wraps the translated message in custom toast content (a link to follow the result, say). */
  toast?: (message: string) => ReactNode;
  /** Runs after a success, before the refresh (closing a dialog, clearing a selection). */
  onDone?: () => void;
}

export interface ApiWriteOptions {
  /**
   * After a success: a toast (these words, or the server's resultMessage) and a refresh of the
   * screen's data; `false` for neither, when the screen shows the answer itself.
   */
  success?: ApiActionSuccess | false;
  /**
   * 'toast' (the error toast, result in words), 'inPlace' (only kept in `error`, for a
   * ServerErrorAlert beside the form), or a function for a screen that words the failure itself.
   */
  failure?: 'toast' | 'inPlace' | ((error: unknown) => void);
}

/**
 * Runs data-provider calls a person sets off — writes, and a read a click asks for (react-query's
 * useMutation): `pending` while one runs, `progress` (0..1) while an upload in it reports how much
 * has gone, `error` the last failure until the next run. `run` resolves to the answer, or undefined
 * after a failure, so a dialog can stay open; its second argument overrides the success of `options`.
 */
export function useApiWrite({ success: defaultSuccess = {}, failure = 'toast' }: ApiWriteOptions = {}) {
  const api = useConsoleDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const showError = useApiErrorToast();
  const [progress, setProgress] = useState<number>();
  const { mutateAsync, isPending, error, reset } = useMutation<Envelope<unknown>, unknown, ApiCall>({ mutationFn: (call) => call(api, setProgress) });
  const run = useCallback(
    async <A extends Envelope<unknown>>(call: ApiCall<A>, success: ApiActionSuccess | false = defaultSuccess): Promise<A | undefined> => {
      let answer: A;
      try {
        answer = (await mutateAsync(call)) as A;
      } catch (caught) {
        if (failure === 'toast') showError(caught);
        else if (failure !== 'inPlace') failure(caught);
        return undefined;
      } finally {
        setProgress(undefined);
      }
      if (success !== false) {
        // The server's message is already worded for people: `_` shows it as it is, not as a missing key.
        const [key, args] = success.message ? [success.message, success.args] : [answer.resultMessage, { _: answer.resultMessage }];
        notify(success.toast ? success.toast(translate(key, args)) : key, { type: 'success', messageArgs: args });
        success.onDone?.();
        refresh();
      }
      return answer;
    },
    [mutateAsync, defaultSuccess, failure, notify, refresh, showError, translate],
  );
  return { run, pending: isPending, progress, error: error ?? undefined, reset };
}
