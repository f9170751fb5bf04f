import { GraphQLError } from 'graphql';

/** A GraphQL error with GitHub's `type` (FORBIDDEN, NOT_FOUND, UNPROCESSABLE, …), put beside the message. */
export function githubError(type: string, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type } });
}
