/** The sign-in form's validation, in a chunk of its own that SignInForm loads lazily (lib/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import { ZSignInRequestSchema } from '@therapy/contract';

export const signInResolver = zodResolver(ZSignInRequestSchema);
