/**
 * A react-hook-form resolver that loads on first use: the form renders without zod and the contract's schemas, which
 * arrive when the visitor first types into the form (`preload`) or, at the latest, when it is first validated.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export type TLazyResolver<TValues extends FieldValues, TContext, TOutput> = Resolver<TValues, TContext, TOutput> & {
  /** Starts loading now (e.g. on the form's first focus); safe to call again. */
  preload: () => void;
};

export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): TLazyResolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | undefined;
  const loaded = () => {
    loading ??= load();
    // A failed download (offline) is tried again on the next validation.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const resolver = (async (values, context, options) => (await loaded())(values, context, options)) as TLazyResolver<
    TValues,
    TContext,
    TOutput
  >;
  resolver.preload = () => void loaded().catch(() => {});
  return resolver;
}
