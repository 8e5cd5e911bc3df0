import { describeHostileInput } from '../helpers/hostile.ts';

describeHostileInput('trpc');
