import type { AfterErrorHook } from 'payload'

type HookArgs = Parameters<AfterErrorHook>[0]

/** The error an afterError hook is about: GraphQL wraps the operation's own in one of its own. */
export const errorCause = ({ error, graphqlResult }: Pick<HookArgs, 'error' | 'graphqlResult'>) =>
  graphqlResult ? ((error as { originalError?: unknown }).originalError ?? error) : error

/**
 * An afterError hook's answer in Payload's shape, on either door: REST's `{errors: [{message}]}`
 * with the status, or the GraphQL error with the message and `extensions.statusCode`.
 */
export const errorAnswer = ({
  graphqlResult,
  status,
  message,
}: Pick<HookArgs, 'graphqlResult'> & { status: number; message: string }) =>
  graphqlResult
    ? {
        graphqlResult: {
          ...graphqlResult,
          message,
          extensions: { ...graphqlResult.extensions, statusCode: status },
        },
      }
    : { response: { errors: [{ message }] }, status }
