/**
 * Building blocks of the API's contract. Schemas with an `$id` are registered once with the
 * server (see {@link sharedSchemas} in index.ts) and referenced by id, so the OpenAPI
 * document lists each shape once, under components.
 */
import { Type, type Static, type TSchema, type TUnsafe } from "@sinclair/typebox";
import type { Json } from "../kernel/types.js";

export type { Json };

/** A JSON value of any shape (game state, rule inputs...): nothing is constrained or stripped. */
export const JsonValue = Type.Unsafe<Json>({ description: "Any JSON value" });

/** A reference to a shared schema (one with an `$id`), typed as the schema it names. */
export function ref<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  if (!schema.$id) throw new Error("only a schema with an $id can be referenced");
  return Type.Unsafe<Static<T>>({ $ref: `${schema.$id}#` });
}

/** `T | null`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An object whose listed fields are documented, and whose other fields are kept: the shape is open by design. */
export const Open = { additionalProperties: true } as const;
