/**
 * The schema tree the engine walks: a valibot schema of src/schema read once into plain
 * nodes, each with its JSON type, its checks, its path template and its selector. The
 * walk's description (walk-ops.ts) is made from this tree and nothing else of the schema.
 */
import type * as v from 'valibot';
import { metaOf, unwrapSchema, type FieldCheck, type FieldMeta } from '../schema/actions';

/** The JSON types a node can demand; `record` is an object whose members are not checked. */
export type NodeType = 'object' | 'record' | 'array' | 'string' | 'number' | 'boolean' | 'picklist' | 'any';

/**
 * A node of the schema tree: one occurrence of a schema in the payload.
 *
 * `path` is the node's JSON Pointer as a template: member names, and numbers that stand
 * for the index of the n-th enclosing array entry (filled from the walk's index stack when
 * a problem is reported).
 */
export interface TreeNode {
  /** Position in `Tree.nodes`. */
  readonly id: number;
  /** The JSON type the node demands. */
  readonly type: NodeType;
  /** The member name (or the array's name for its entries), for messages. */
  readonly name: string;
  /** The object's name in messages (e.g. `requestHeader`), for members of this object. */
  readonly label: string;
  /** The name in messages of the object that holds this node as a member ('' otherwise). */
  readonly owner: string;
  /** The version label of the tree (`v1.1`, `the return request`), for messages. */
  readonly version: string;
  /** The path template. */
  readonly path: readonly (string | number)[];
  /**
   * The path template compiled for reports: pointer text and slot numbers in turn, text
   * first and last (`['/clientRequest/item/', 0, '/sku']`).
   */
  readonly pointer: readonly (string | number)[];
  /** Number of array entries above and including this node (slots of `path`). */
  readonly depth: number;
  /** The selector that names this node in visitors (`item[]`, `partner[].addressData`). */
  readonly selector: string;
  /** The field checks of the node's pipe (max-length, numeric-text, ...). */
  readonly checks: readonly FieldCheck<unknown>[];
  /** Allowed values of a picklist. */
  readonly options?: readonly string[];
  /** Values of a picklist that are warned about (ambiguous-value). */
  readonly ambiguous?: readonly string[];
  /** Members of an object. */
  readonly members?: readonly TreeMember[];
  /** Unknown members are reported (strict objects). */
  readonly strict?: boolean;
  /** Example-body spellings of members, each with the node that checks its content. */
  readonly spelling?: Readonly<Record<string, { readonly to: string; readonly node: TreeNode }>>;
  /** Members of later versions, with the version that adds them. */
  readonly laterVersion?: Readonly<Record<string, string>>;
  /** The entries' node of an array. */
  readonly item?: TreeNode;
}

/** A member of an object node. */
export interface TreeMember {
  /** The member name. */
  readonly key: string;
  /** The member's node. */
  readonly node: TreeNode;
  /** Missing or null is `required`. */
  readonly required: boolean;
  /** Required only because the operator handles payments (FMS). */
  readonly requiredForFms: boolean;
  /** `null` is allowed. */
  readonly nullable: boolean;
  /** The member appears only in responses (`response-only`). */
  readonly responseOnly: boolean;
}

/** A payload's schema tree. */
export interface Tree {
  /** The root node (the whole payload). */
  readonly root: TreeNode;
  /** The body: `clientRequest` of an order, the root of a return. */
  readonly body: TreeNode;
  /**
   * The root member that holds the body (`clientRequest`), or undefined when the root is
   * the body: a root object without it as an own enumerable member is one `wrapper` problem.
   */
  readonly wrapper: string | undefined;
  /** Every node, by id. */
  readonly nodes: readonly TreeNode[];
  /** Version label in messages (`v1.1`, `the return request`). */
  readonly label: string;
  /** The most array entries any node sits in (the length of the walk's index stack). */
  readonly depth: number;
}

/** How a tree is built: the label, and whether FMS-conditional members are required. */
export interface TreeOptions {
  /** Version label in messages. */
  readonly label: string;
  /** The member holding the body (`clientRequest`), or undefined when the root is the body. */
  readonly bodyKey?: string;
  /** The operator handles payments: `requiredWhenFms` members are required. */
  readonly fms: boolean;
}

/** A valibot schema as the tree builder reads it. */
type AnySchema = v.GenericSchema & {
  readonly wrapped?: AnySchema;
  readonly entries?: Record<string, AnySchema>;
  readonly item?: AnySchema;
  readonly options?: readonly unknown[];
  readonly pipe?: readonly (AnySchema | FieldCheck<unknown> | { kind: string })[];
};

/**
 * The fulfilkit field checks in a schema's pipe, nested pipes included.
 *
 * @param schema A valibot schema.
 * @returns The checks, in pipe order.
 * @example checksOf(v.pipe(v.string(), maxCodePoints(3))).map((c) => c.keyword); // ['maxLength']
 */
export function checksOf(schema: AnySchema): FieldCheck<unknown>[] {
  const out: FieldCheck<unknown>[] = [];
  for (const item of schema.pipe ?? []) {
    if (item.kind === 'validation' && (item as FieldCheck<unknown>).type === 'fulfilkit_check') {
      out.push(item as FieldCheck<unknown>);
    } else if (item.kind === 'schema' && item !== schema) {
      // A pipe nested in a pipe (v.pipe(v.pipe(v.string(), a), b)) keeps its own checks.
      out.push(...checksOf(item as AnySchema));
    }
  }
  return out;
}

function typeOf(node: AnySchema): NodeType {
  switch (node.type) {
    case 'strict_object':
    case 'object':
      return 'object';
    case 'loose_object':
      return Object.keys(node.entries ?? {}).length === 0 ? 'record' : 'object';
    case 'array':
    case 'string':
    case 'number':
    case 'boolean':
    case 'picklist':
      return node.type;
    default:
      return 'any';
  }
}

class Builder {
  readonly nodes: TreeNode[] = [];

  constructor(private readonly options: TreeOptions) {}

  node(schema: AnySchema, name: string, path: readonly (string | number)[], depth: number, selector: string, owner = ''): TreeNode {
    const meta: FieldMeta = metaOf(schema);
    const type = typeOf(schema);
    const id = this.nodes.length;
    const node: { -readonly [K in keyof TreeNode]: TreeNode[K] } = {
      id,
      type,
      name,
      label: meta.name ?? name,
      owner,
      version: this.options.label,
      path,
      pointer: compilePointer(path),
      depth,
      selector,
      checks: checksOf(schema),
    };
    this.nodes.push(node);
    if (type === 'picklist') {
      node.options = schema.options as readonly string[];
      if (meta.ambiguous && meta.ambiguous.length > 0) node.ambiguous = meta.ambiguous;
    } else if (type === 'array') {
      const entries = depth;
      node.item = this.node(unwrapSchema(schema.item!).node, name, [...path, entries], depth + 1, `${selector}[]`);
    } else if (type === 'object') {
      node.strict = schema.type === 'strict_object';
      node.members = Object.entries(schema.entries ?? {}).map(([key, member]) => this.member(key, member, path, depth, selector, node.label));
      if (meta.laterVersion && Object.keys(meta.laterVersion).length > 0) node.laterVersion = meta.laterVersion;
      if (meta.spelling) {
        const spelling: Record<string, { to: string; node: TreeNode }> = {};
        for (const [twin, to] of Object.entries(meta.spelling)) {
          const target = schema.entries?.[to];
          if (!target) continue;
          // The twin's content is checked as the member it stands for, at the twin's own path.
          spelling[twin] = { to, node: this.node(unwrapSchema(target).node, to, [...path, twin], depth, join(selector, twin), node.label) };
        }
        node.spelling = spelling;
      }
    }
    return node;
  }

  member(key: string, schema: AnySchema, path: readonly (string | number)[], depth: number, selector: string, owner: string): TreeMember {
    const { node: inner, optional, nullable } = unwrapSchema(schema);
    const meta = metaOf(inner);
    const requiredForFms = optional && meta.requiredWhenFms === true && this.options.fms;
    return {
      key,
      node: this.node(inner, key, [...path, key], depth, join(selector, key), owner),
      required: !optional || requiredForFms,
      requiredForFms,
      nullable,
      responseOnly: meta.responseOnly === true,
    };
  }
}

/** `['clientRequest', 'item', 0, 'sku']` → `['/clientRequest/item/', 0, '/sku']`. */
function compilePointer(path: readonly (string | number)[]): (string | number)[] {
  const out: (string | number)[] = [''];
  for (const token of path) {
    out[out.length - 1] += '/';
    if (typeof token === 'number') out.push(token, '');
    else out[out.length - 1] += token;
  }
  return out;
}

function join(selector: string, key: string): string {
  return selector === 'body' ? key : selector === '' ? key : `${selector}.${key}`;
}

/**
 * Reads a payload schema into the tree the engine walks.
 *
 * @param schema The payload schema (an order request `{ clientRequest }` or a return request).
 * @param options The version label, the body member, and whether the profile is FMS.
 * @returns The tree.
 * @example buildTree(ORDER_REQUEST_SCHEMAS['1.1'], { label: 'v1.1', bodyKey: 'clientRequest', fms: false }).body.selector; // 'body'
 */
export function buildTree(schema: v.GenericSchema, options: TreeOptions): Tree {
  const builder = new Builder(options);
  const rootSchema = unwrapSchema(schema as AnySchema).node;
  let root: TreeNode;
  let body: TreeNode;
  if (options.bodyKey === undefined) {
    root = body = builder.node(rootSchema, 'payload', [], 0, 'body');
  } else {
    root = builder.node(rootSchema, 'payload', [], 0, '(root)');
    const bodyMember = root.members?.find((m) => m.key === options.bodyKey);
    if (!bodyMember) throw new TypeError(`The schema has no member ${options.bodyKey}.`);
    body = bodyMember.node;
    // The body answers to `body`, and its members to selectors relative to it.
    relabel(body, 'body');
  }
  return { root, body, wrapper: options.bodyKey, nodes: builder.nodes, label: options.label, depth: Math.max(0, ...builder.nodes.map((n) => n.depth)) };
}

/** Rewrites the selectors of a subtree so that `node` answers to `selector`. */
function relabel(node: TreeNode, selector: string): void {
  (node as { selector: string }).selector = selector;
  if (node.item) relabel(node.item, `${selector}[]`);
  for (const member of node.members ?? []) relabel(member.node, join(selector, member.key));
  for (const [twin, { node: twinNode }] of Object.entries(node.spelling ?? {})) relabel(twinNode, join(selector, twin));
}
