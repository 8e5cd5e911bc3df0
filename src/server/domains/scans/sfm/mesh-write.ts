/** The writers live in src/shared/geometry beside the mesh reader, so the account export writes a model's files too. */
export { writeObj, writePly, writeStl } from '../../../../shared/geometry/mesh-write.ts';
