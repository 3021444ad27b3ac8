// Instances of rarely made classes, held for their hidden classes. V8 keeps a hidden class
// only while something has it: a class whose instances are made on a few pages of a pass
// (a side float, a ruled table's split labels) loses its hidden class at a garbage collection
// between them, and with it the type feedback of every function that read one, which was
// then compiled without it and deoptimised at the next instance ('insufficient type
// feedback', renderPage and blocksOfGroups at the A/B pages' one side float, pass after
// pass). One instance held here keeps the class. An object literal keeps its hidden class
// through its boilerplate, but a literal of object-valued fields widens them when it makes
// that boilerplate, at its second execution, and the functions that read one are thrown away
// then: these are classes for that (model.ts settles the spans' and lines' classes the same way).

/** The held instances; nothing reads them. */
const held: object[] = [];

/** Holds `instance` for the life of the process, for its hidden class; returns nothing. */
export function holdShape(instance: object): void {
  held.push(instance);
}
