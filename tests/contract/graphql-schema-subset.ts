import { schema as published } from '@octokit/graphql-schema';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

// The published SDL defines a few fields twice (EnterpriseOwnerInfo); the engine builds it when told to trust it.
const github: GraphQLSchema = buildSchema(published.idl, { assumeValidSDL: true });

/**
 * What differs between one of our types and GitHub's published one (@octokit/graphql-schema): a type, field,
 * argument, enum value, union member or interface we serve that GitHub does not, or with another type. Names in
 * `unpublished` are operations GitHub serves without publishing them (each test says which and why).
 */
export const schemaMismatches =
  (unpublished: ReadonlySet<string>) =>
  (ours: GraphQLNamedType): string[] => {
    const name = ours.name;
    if (name.startsWith('__') || unpublished.has(name)) return [];
    const theirs = github.getType(name);
    if (!theirs) return [`${name}: no such type on GitHub`];
    if (theirs.constructor !== ours.constructor) return [`${name}: another kind of type on GitHub`];
    const problems: string[] = [];
    if (isEnumType(ours) && isEnumType(theirs)) {
      for (const value of ours.getValues())
        if (!theirs.getValue(value.name)) problems.push(`${name}.${value.name}: no such value`);
    }
    if (isUnionType(ours) && isUnionType(theirs)) {
      const members = new Set(theirs.getTypes().map((t) => t.name));
      for (const member of ours.getTypes())
        if (!members.has(member.name)) problems.push(`${name}: ${member.name}`);
    }
    if ((isObjectType(ours) || isInterfaceType(ours)) && (isObjectType(theirs) || isInterfaceType(theirs))) {
      const interfaces = new Set(theirs.getInterfaces().map((i) => i.name));
      for (const i of ours.getInterfaces())
        if (!interfaces.has(i.name)) problems.push(`${name} implements ${i.name}`);
      const fields = theirs.getFields();
      for (const field of Object.values(ours.getFields())) {
        const where = `${name}.${field.name}`;
        if (unpublished.has(where)) continue;
        const twin = fields[field.name];
        if (!twin) {
          problems.push(`${where}: no such field`);
          continue;
        }
        if (String(field.type) !== String(twin.type))
          problems.push(`${where}: ${String(field.type)} ≠ ${String(twin.type)}`);
        for (const arg of field.args) {
          const other = twin.args.find((a) => a.name === arg.name);
          if (!other) problems.push(`${where}(${arg.name}): no such argument`);
          else if (String(arg.type) !== String(other.type))
            problems.push(`${where}(${arg.name}): ${String(arg.type)} ≠ ${String(other.type)}`);
        }
      }
    }
    if (isInputObjectType(ours) && isInputObjectType(theirs)) {
      const fields = theirs.getFields();
      for (const field of Object.values(ours.getFields())) {
        const twin = fields[field.name];
        if (!twin) problems.push(`${name}.${field.name}: no such input field`);
        else if (String(field.type) !== String(twin.type))
          problems.push(`${name}.${field.name}: ${String(field.type)} ≠ ${String(twin.type)}`);
      }
    }
    return problems;
  };
